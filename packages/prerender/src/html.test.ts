import { assertTemplate, pageHtml, withManifestPreload } from './html';

const TEMPLATE =
  '<!doctype html><html><head><title>Loading…</title></head><body><div id="root"><div class="app-header"></div><main><p>Loading…</p></main></div><script src="/main.js"></script></body></html>';

test("the placeholder becomes the page, with its title, the area's stylesheets and its data", () => {
  const html = pageHtml(TEMPLATE, {
    root: '<main><h1>Referrals</h1></main>',
    title: 'Referrals · Acme & Co',
    data: '{"remote":"referrals"}',
    stylesheets: [{ href: 'https://cdn.example/r/1.0.0/a.css', integrity: 'sha384-abc' }],
  });
  expect(html).toBe(
    '<!doctype html><html><head><title>Referrals · Acme &amp; Co</title><link rel="stylesheet" href="https://cdn.example/r/1.0.0/a.css" crossorigin="anonymous" integrity="sha384-abc" /></head><body><div id="root"><main><h1>Referrals</h1></main></div><script type="application/json" id="mfe-page">{"remote":"referrals"}</script><script src="/main.js"></script></body></html>',
  );
});

test('markup with "$" patterns is inserted as it is', () => {
  expect(pageHtml(TEMPLATE, { root: '<p>$& $1 $$</p>', title: '$&', data: '{}' })).toContain(
    '<div id="root"><p>$& $1 $$</p></div>',
  );
});

test("React's resource hints before the markup go to the head", () => {
  const html = pageHtml(TEMPLATE, {
    root: '<link rel="preload" as="image" href="https://cdn.example/a.svg"/><main>x</main>',
    title: 't',
    data: '{}',
  });
  expect(html).toContain('<title>t</title><link rel="preload" as="image" href="https://cdn.example/a.svg"/></head>');
  expect(html).toContain('<div id="root"><main>x</main></div>');
});

test('a template without the placeholder is refused with what is missing', () => {
  expect(() => assertTemplate('<html><head><title>x</title></head><body><div id="app"></div></body></html>')).toThrow(
    '#root placeholder',
  );
  expect(() => assertTemplate(TEMPLATE)).not.toThrow();
});

test("the page says its language and direction on <html>, replacing the template's", () => {
  const html = pageHtml(
    '<!doctype html><html lang="en"><head><title>x</title></head><body><div id="root"><main></main></div></body></html>',
    { root: '<main>مرحبا</main>', title: 't', data: '{}', lang: 'ar', dir: 'rtl' },
  );
  expect(html).toMatch(/^<!doctype html><html lang="ar" dir="rtl"><head>/);
  expect(pageHtml(TEMPLATE, { root: '', title: 't', data: '{}', lang: 'de"><script>', dir: 'ltr' })).toContain(
    '<html lang="de&quot;&gt;&lt;script&gt;" dir="ltr">',
  );
  expect(pageHtml(TEMPLATE, { root: '', title: 't', data: '{}' })).toMatch(/^<!doctype html><html><head>/);
});

test("the area's scripts are hinted in the head with the integrity they are loaded with, after its stylesheets", () => {
  const html = pageHtml(TEMPLATE, {
    root: '<main>x</main>',
    title: 't',
    data: '{}',
    stylesheets: [{ href: 'https://cdn.example/r/a.css' }],
    scripts: [
      { href: 'https://cdn.example/r/remoteEntry.js', integrity: 'sha384-entry' },
      { href: 'https://cdn.example/r/chunk.js?"><x', integrity: 'sha384-chunk' },
    ],
  });
  expect(html).toContain(
    '<link rel="stylesheet" href="https://cdn.example/r/a.css" crossorigin="anonymous" /><link rel="preload" as="script" href="https://cdn.example/r/remoteEntry.js" crossorigin="anonymous" integrity="sha384-entry" /><link rel="preload" as="script" href="https://cdn.example/r/chunk.js?&quot;&gt;&lt;x" crossorigin="anonymous" integrity="sha384-chunk" /></head>',
  );
});

test("the host's first script is requested before the area's scripts, the area's stylesheets before both", () => {
  const html = pageHtml(
    '<html><head><title>x</title><link rel="stylesheet" href="/host.css"><script defer src="/main.js"></script></head><body><div id="root"><main></main></div></body></html>',
    {
      root: '<link rel="preload" as="image" href="/a.svg"/><main>x</main>',
      title: 't',
      data: '{}',
      stylesheets: [{ href: 'https://cdn.example/r/a.css' }],
      scripts: [{ href: 'https://cdn.example/r/remoteEntry.js' }],
    },
  );
  const at = (text: string) => html.indexOf(text);
  expect(at('r/a.css')).toBeGreaterThan(at('<title>'));
  expect(at('r/a.css')).toBeLessThan(at('/host.css'));
  expect(at('/main.js')).toBeLessThan(at('r/remoteEntry.js'));
  expect(at('r/remoteEntry.js')).toBeLessThan(at('/a.svg'));
  expect(at('/a.svg')).toBeLessThan(at('</head>'));
});

test('a template without </head> is refused', () => {
  expect(() => assertTemplate('<html><title>x</title><body><div id="root"><main></main></div></body></html>')).toThrow(
    '</head>',
  );
});

test("a page hints the manifest its runtime config names, not the build's default", () => {
  const template =
    '<html><head><link rel=preload href=/config.json as=fetch crossorigin=anonymous><link rel=preload href=/remotes.json as=fetch crossorigin=anonymous></head><body></body></html>';
  expect(withManifestPreload(template, '/remotes.json')).toBe(template);
  const moved = withManifestPreload(template, 'https://bucket.example.com/envs/production/manifest.json');
  expect(moved).toContain(
    '<link rel="preload" href="https://bucket.example.com/envs/production/manifest.json" as="fetch" crossorigin="anonymous" />',
  );
  expect(moved).not.toContain('href=/remotes.json');
  expect(moved).toContain('href=/config.json');
});

test("a page holding an area drops the shell's script hint (the area is hydrated first); a page of the shell keeps it", () => {
  const template =
    '<html><head><title>x</title><script defer src="/main.1.js"></script><link rel=preload href=/shell.2.js as=script data-shell><link rel="preload" href="/966.3.js" as="script" data-shell/></head><body><div id="root"><main></main></div></body></html>';
  const parts = { root: '<p>hi</p>', title: 't', data: '{}' };
  expect(pageHtml(template, parts)).toContain('/shell.2.js');
  const withArea = pageHtml(template, { ...parts, holdsArea: true });
  expect(withArea).not.toContain('shell.2.js');
  expect(withArea).not.toContain('966.3.js');
  expect(withArea).toContain('<script defer src="/main.1.js"></script></head>');
});

test("a page whose first script starts all it holds hints its area's manifest and leaves the boot script out; other pages keep it", () => {
  // As the build minifies it: quotes may be gone.
  const template =
    '<html><head><title>x</title><script defer src="/main.1.js"></script></head><body><div id="root"><main></main></div><script src=/boot/boot.2.js data-boot></script></body></html>';
  const parts = { root: '<p>hi</p>', title: 't', data: '{}' };
  const alone = pageHtml(template, { ...parts, holdsArea: true, areaEntry: 'https://remote.example/mf-manifest.json' });
  expect(alone).not.toContain('boot.2.js');
  expect(alone).toContain(
    '<script defer src="/main.1.js"></script><link rel="preload" as="fetch" href="https://remote.example/mf-manifest.json" crossorigin="anonymous" /></head>',
  );
  for (const page of [pageHtml(template, { ...parts, holdsArea: true }), pageHtml(template, parts)]) {
    expect(page).toContain('<script src=/boot/boot.2.js data-boot></script>');
    expect(page).not.toContain('as="fetch"');
  }
});
