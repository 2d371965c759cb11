import { validateRuntimeConfig } from '@mfe/manifest';
import { buildRecordFor, hostHeaders } from './headers';
import { nginxServerConfig, nginxStandaloneConfig, pageLocaleMaps } from './nginx';

const parsed = validateRuntimeConfig({
  productName: 'Acme',
  auth: { authority: 'https://login.example.com', clientId: 'web' },
  allowedRemoteOrigins: ['https://cdn.example.com'],
});
if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
const config = parsed.config;
const base = { config, hostRoot: '/srv/host', configFile: '/etc/mfe/config.json', listen: '8080' };

/** The `add_header` lines of one location block. */
function headersOf(conf: string, location: string): Record<string, string> {
  const start = conf.indexOf(`location ${location} {`);
  if (start < 0) throw new Error(`no location ${location}`);
  const block = conf.slice(start, conf.indexOf('\n  }', start));
  return Object.fromEntries(
    [...block.matchAll(/add_header (\S+) "([^"]*)" always;/g)].map((match) => [match[1], match[2]]),
  );
}

test('every host location sends exactly the headers of the shared policy', () => {
  const conf = nginxServerConfig(base);
  expect(headersOf(conf, '/')).toEqual(hostHeaders('page', { config }));
  expect(headersOf(conf, '= /index.html')).toEqual(hostHeaders('page', { config }));
  expect(headersOf(conf, '= /auth/silent-callback')).toEqual(hostHeaders('silent-callback', { config }));
  expect(headersOf(conf, '~ "\\.[0-9a-f]{8}\\.[A-Za-z0-9]+$"')).toEqual(hostHeaders('immutable', { config }));
  expect(headersOf(conf, '= /config.json')).toEqual(hostHeaders('revalidate', { config }));
  expect(conf).toContain('alias /etc/mfe/config.json;');
  expect(conf).toContain('alias /srv/host/remotes.json;');
  expect(conf).toMatch(/location ~ "\\\.map\$" \{\n\s+return 404;/);
  expect(conf).toContain('try_files $uri /index.html;');
  expect(conf).not.toContain('brotli');
  expect(nginxServerConfig({ ...base, brotli: true })).toContain('brotli_static on;');
});

test('the remotes server maps CORS to the host origins only', () => {
  const conf = nginxServerConfig({
    ...base,
    remotes: { root: '/srv/remotes', listen: '8081', hostOrigins: ['https://app.example.com', 'http://localhost:*'] },
  });
  expect(conf).toContain('"~^https://app\\.example\\.com$" $http_origin;');
  expect(conf).toContain('"~^http://localhost:[0-9]+$" $http_origin;');
  expect(conf).toContain('add_header Access-Control-Allow-Origin $mfe_remote_cors always;');
  expect(() =>
    nginxServerConfig({
      ...base,
      remotes: { root: '/srv/remotes', listen: '8081', hostOrigins: ['https://app.example.com/"; evil'] },
    }),
  ).toThrow(/must be like/);
});

test("serving a release store, the remotes server answers only paths a build record names (a preview's manifest is its own)", () => {
  const plain = nginxServerConfig({
    ...base,
    remotes: { root: '/srv/store/remotes', listen: '8081', hostOrigins: [] },
  });
  expect(plain).not.toContain('$mfe_build_record');
  const conf = nginxServerConfig({
    ...base,
    remotes: { root: '/srv/store/remotes/', buildRecords: '/srv/store/builds', listen: '8081', hostOrigins: [] },
  });
  expect(conf).toContain('"~^/([^/_.][^/]*)/([^/]+)/[^/]" "/srv/store/builds/$1/$2.json";');
  expect(conf).toContain('"~^/_preview/[^/]+\\.json$" "/srv/store/remotes$uri";');
  // In the two locations that serve files (the error page's own location is never refused).
  expect(conf.match(/\n {4}if \(!-f \$mfe_build_record\) \{ return 404; \}\n {4}try_files \$uri =404;/g)).toHaveLength(
    2,
  );
  // The same rule as the development stack's (buildRecordFor).
  expect(buildRecordFor('/referrals/1.4.0/static/chunk.0123abcd.js')).toBe('referrals/1.4.0.json');
  expect(buildRecordFor('/_preview/abc.json')).toBe('itself');
  for (const path of ['/remoteEntry.js', '/referrals/remoteEntry.js', '/_x/1.0.0/a.js', '/.hidden/1.0.0/a.js'])
    expect([path, buildRecordFor(path)]).toEqual([path, null]);
});

test('a value nginx would interpret is refused rather than written', () => {
  const hostile = { ...config, auth: { ...config.auth, authority: 'https://login.example.com/${evil}' } };
  expect(() =>
    nginxServerConfig({
      ...base,
      config: { ...hostile, allowedRemoteOrigins: ['https://cdn.example.com"; return 200 "x'] },
    }),
  ).toThrow(/Cannot write/);
});

test('the standalone config keeps every file nginx writes under its prefix', () => {
  const conf = nginxStandaloneConfig({ prefix: '/tmp/deploy/', include: '/tmp/deploy/mfe.conf' });
  for (const line of conf.split('\n').filter((l) => /(_path|pid|_log) /.test(l)))
    expect(line).toContain('/tmp/deploy/');
  expect(conf).toContain('include /tmp/deploy/mfe.conf;');
  // The command line decides (a second \`daemon\` directive would make nginx refuse the config).
  expect(conf).not.toMatch(/^daemon /m);
});

test('the runtime files are always sent whole: a rollback written within the same second as the deploy is never answered 304', () => {
  const conf = nginxServerConfig(base);
  for (const file of ['config.json', 'remotes.json']) {
    const block = conf.slice(
      conf.indexOf(`location = /${file}`),
      conf.indexOf('}', conf.indexOf(`location = /${file}`)),
    );
    expect(block).toContain('etag off;');
    expect(block).toContain('if_modified_since off;');
  }
});

test("with prerendered pages, a path is answered by its page, else the shell of its deepest enclosing route, else the app's page, with the page headers", () => {
  const conf = nginxServerConfig({ ...base, pagesRoot: '/srv/store/envs/production/pages' });
  const pages =
    '~ "^(?<mfe_p0>/[a-z0-9-]+)(?<mfe_p1>/[a-z0-9-]+)?(?<mfe_p2>/[a-z0-9-]+)?(?<mfe_p3>/[a-z0-9-]+)?(?:/.*)?$"';
  expect(headersOf(conf, pages)).toEqual(hostHeaders('page', { config }));
  expect(headersOf(conf, '= /')).toEqual(hostHeaders('page', { config }));
  expect(headersOf(conf, '@mfe_app')).toEqual(hostHeaders('page', { config }));
  expect(conf).toContain(
    'try_files $uri/index.html $mfe_p0$mfe_p1$mfe_p2$mfe_p3/_area.html $mfe_p0$mfe_p1$mfe_p2/_area.html $mfe_p0$mfe_p1/_area.html $mfe_p0/_area.html @mfe_app;',
  );
  // Pages of two revisions can have the same size and second: sent whole, as the manifest is.
  const block = conf.slice(conf.indexOf(`location ${pages}`), conf.indexOf('\n  }', conf.indexOf(`location ${pages}`)));
  expect(block).toContain('root /srv/store/envs/production/pages$mfe_pages_locale;');
  expect(block).toContain('etag off;');
  expect(nginxServerConfig(base)).not.toContain('_area.html');
});

test('a prerendered page is served in the language the cookie names, else the first Accept-Language one, else the default', () => {
  const maps = pageLocaleMaps({ defaultLocale: 'en', locales: ['en', 'de', 'ar', 'en-XA'] });
  expect(maps.join('\n')).toContain(
    [
      'map $http_accept_language $mfe_browser_locale {',
      '  default "";',
      '  "~*^ *en-XA(?:[;,]|$)" "/_en-XA";',
      '  "~*^ *en(?:-[^,;]*)?(?:[;,]|$)" "";',
      '  "~*^ *de(?:-[^,;]*)?(?:[;,]|$)" "/_de";',
      '  "~*^ *ar(?:-[^,;]*)?(?:[;,]|$)" "/_ar";',
      '}',
    ].join('\n'),
  );
  expect(maps.join('\n')).toContain(
    [
      'map $cookie_mfe_locale $mfe_pages_locale {',
      '  default $mfe_browser_locale;',
      '  "en" "";',
      '  "de" "/_de";',
      '  "ar" "/_ar";',
      '  "en-XA" "/_en-XA";',
      '}',
    ].join('\n'),
  );
  // The same patterns as JavaScript regular expressions (PCRE agrees on these), tried in order as nginx does.
  const browser = (header: string) => {
    for (const line of maps.slice(3, maps.indexOf('}'))) {
      const [, pattern, folder] = /^ {2}"~\*(.*)" "(.*)";$/.exec(line)!;
      if (new RegExp(pattern!, 'i').test(header)) return folder;
    }
    return '';
  };
  expect(browser('de-DE,de;q=0.9,en;q=0.8')).toBe('/_de');
  expect(browser('en-XA')).toBe('/_en-XA');
  expect(browser('en-GB,de')).toBe('');
  expect(browser('fr-FR,de;q=0.5')).toBe('');
  expect(browser('dee')).toBe('');
  expect(nginxServerConfig({ ...base, pagesRoot: '/srv/pages' })).toContain(
    'map $cookie_mfe_locale $mfe_pages_locale {',
  );
  expect(nginxServerConfig(base)).not.toContain('mfe_pages_locale');
});

test('a locale that is not a plain language tag is never written into the config', () => {
  expect(() => pageLocaleMaps({ defaultLocale: 'en', locales: ['en', 'de" "x'] })).toThrow('Cannot write the locale');
});

test("the app's page hints the manifest its config names: rewritten as sent when it is not /remotes.json, refused when nginx would read it", () => {
  const elsewhere = { ...config, manifestUrl: 'https://bucket.example.com/web/envs/production/manifest.json' };
  const conf = nginxServerConfig({ ...base, config: elsewhere, pagesRoot: '/srv/pages' });
  const block = (location: string) => conf.slice(conf.indexOf(`location ${location} {`)).split('\n  }')[0]!;
  for (const location of ['= /index.html', '@mfe_app'])
    expect(block(location)).toContain(
      `sub_filter 'href=/remotes.json ' 'href="https://bucket.example.com/web/envs/production/manifest.json" ';`,
    );
  // The rest of the site is sent as it is; the default manifest needs no rewriting.
  expect(conf.match(/sub_filter 'href=\/remotes.json '/g)).toHaveLength(2);
  expect(nginxServerConfig(base)).not.toContain('sub_filter');
  expect(() => nginxServerConfig({ ...base, config: { ...config, manifestUrl: "/m.json' always; x" } })).toThrow(
    /Cannot write the manifest URL/,
  );
  expect(() => nginxServerConfig({ ...base, config: { ...config, manifestUrl: '/$host.json' } })).toThrow();
});
