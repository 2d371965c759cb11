/**
 * @jest-environment node
 */
import { sri } from '@mfe/manifest/sri';
import type { ManifestEntry } from '@mfe/manifest';
import { heldContributionFiles, isPublicContribution, publicContributions } from './contributions';

const CDN = 'https://cdn.example/referrals/1.2.0';
const tileCode = "module.exports = { default: { kind: 'tile', contract: require('@mfe/context').marker } };";
const cardCode = "module.exports = { default: { kind: 'card' } };";

function entry(extra: Partial<ManifestEntry> = {}): ManifestEntry {
  return {
    name: 'referrals',
    entry: `${CDN}/mf-manifest.json`,
    order: 10,
    requiresAuth: false,
    timeoutMs: 10_000,
    contributions: [
      { slot: 'home.tiles', module: 'invite-tile', order: 10, requiresAuth: false },
      { slot: 'account.profile.aside', module: 'referral-card', order: 100, requiresAuth: true },
      { slot: 'home.tiles', module: 'staff-tile', order: 20, requiresAuth: false, requires: { roles: ['admin'] } },
    ],
    ...extra,
  } as ManifestEntry;
}

/** A CDN serving the remote's browser and server builds; `files` overrides what it answers. */
function cdn(files: Record<string, string | undefined> = {}) {
  const served: Record<string, string | undefined> = {
    'mf-manifest.json': JSON.stringify({
      metaData: { buildInfo: { buildVersion: '1.2.0' } },
      exposes: [
        {
          path: './contributions/invite-tile',
          assets: { js: { sync: ['tile.1.js'] }, css: { sync: ['tile.1.css'] } },
        },
      ],
      integrity: { 'tile.1.js': sri('tile js'), 'tile.1.css': sri('tile css') },
    }),
    'server/server.json': JSON.stringify({
      entry: 'remote.js',
      integrity: sri('area'),
      contributions: {
        'invite-tile': { entry: 'contribution-invite-tile.js', integrity: sri(tileCode) },
        'referral-card': { entry: 'contribution-referral-card.js', integrity: sri(cardCode) },
      },
    }),
    'server/contribution-invite-tile.js': tileCode,
    'server/contribution-referral-card.js': cardCode,
    ...files,
  };
  const asked: string[] = [];
  const fetchImpl = (async (url: string) => {
    const path = url.slice(CDN.length + 1);
    asked.push(path);
    const body = served[path];
    return body === undefined ? new Response('missing', { status: 404 }) : new Response(body);
  }) as typeof fetch;
  return { fetchImpl, asked };
}

const provided = { '@mfe/context': { marker: 'the host contract' } };

test('a contribution is public when shown without signing in to no particular role or scope', () => {
  expect(isPublicContribution({ requiresAuth: false })).toBe(true);
  expect(isPublicContribution({ requiresAuth: true })).toBe(false);
  expect(isPublicContribution({ requiresAuth: false, requires: { roles: ['admin'] } })).toBe(false);
  expect(isPublicContribution({ requiresAuth: false, requires: { scopes: ['read'] } })).toBe(false);
  expect(isPublicContribution({ requiresAuth: false, requires: {} })).toBe(true);
});

test("loads each public contribution's checked server bundle, with the files its page links; nothing of the others", async () => {
  const { fetchImpl, asked } = cdn();
  const { contents, warnings } = await publicContributions([entry()], fetchImpl, provided);
  expect(warnings).toEqual([]);
  expect(contents).toEqual([
    {
      remote: 'referrals',
      module: 'invite-tile',
      exports: { default: { kind: 'tile', contract: 'the host contract' } },
      version: '1.2.0',
      stylesheets: [{ href: `${CDN}/tile.1.css`, integrity: sri('tile css') }],
      scripts: [{ href: `${CDN}/remoteEntry.js` }, { href: `${CDN}/tile.1.js`, integrity: sri('tile js') }],
    },
  ]);
  expect(asked).not.toContain('server/contribution-referral-card.js');
});

test('what cannot be rendered ahead of time is said, and renders in the browser', async () => {
  const altered = cdn({ 'server/contribution-invite-tile.js': `${tileCode}\n// altered` });
  const alteredResult = await publicContributions([entry()], altered.fetchImpl, provided);
  expect(alteredResult.contents).toEqual([]);
  expect(alteredResult.warnings.join('\n')).toMatch(/do not match its recorded sha384/);

  const missing = cdn({ 'server/contribution-invite-tile.js': undefined });
  expect((await publicContributions([entry()], missing.fetchImpl, provided)).warnings).toEqual([
    `referrals (${CDN}/mf-manifest.json): its server build has no "invite-tile" contribution; it renders in the browser (in home.tiles).`,
  ]);

  const none = cdn({ 'server/server.json': undefined });
  expect((await publicContributions([entry()], none.fetchImpl, provided)).warnings[0]).toMatch(
    /has no server build \(server\/server.json\)/,
  );

  const canary = cdn();
  const withCanary = entry({
    candidate: { entry: 'https://cdn.example/referrals/1.3.0/mf-manifest.json', percent: 10 },
  } as Partial<ManifestEntry>);
  const canaryResult = await publicContributions([withCanary], canary.fetchImpl, provided);
  expect(canaryResult.contents).toEqual([]);
  expect(canaryResult.warnings[0]).toMatch(/a canary is running/);
  expect(canary.asked).toEqual([]);

  // A remote for some roles only: none of its contributions is in pages for everyone.
  const restricted = cdn();
  const forAdmins = entry({ requires: { roles: ['admin'] } } as Partial<ManifestEntry>);
  expect((await publicContributions([forAdmins], restricted.fetchImpl, provided)).contents).toEqual([]);
  expect(restricted.asked).toEqual([]);
});

test("a page links every held contribution's stylesheets, and hints the scripts only of those in the first view", () => {
  const files = (name: string) => ({
    stylesheets: [{ href: `${CDN}/${name}.css`, integrity: sri(`${name} css`) }],
    scripts: [{ href: `${CDN}/${name}.js`, integrity: sri(`${name} js`) }],
  });
  const contents = [
    { remote: 'referrals', module: 'invite-tile', exports: {}, version: '1.2.0', ...files('invite') },
    { remote: 'referrals', module: 'other-tile', exports: {}, version: '1.2.0', ...files('other') },
  ];
  expect(
    heldContributionFiles(
      [
        { remote: 'referrals', module: 'invite-tile', firstView: true },
        { remote: 'referrals', module: 'other-tile', firstView: false },
        { remote: 'referrals', module: 'not-rendered-by-this-renderer' },
      ],
      contents,
    ),
  ).toEqual([files('invite'), { stylesheets: files('other').stylesheets, scripts: [] }]);
});

test("a remote that never answers is given up at its time limit, said by name, and delays no other remote's contributions", async () => {
  const healthy = cdn();
  // Accepts the request and never answers, until the request is aborted.
  const hanging = ((url: string, init?: RequestInit) =>
    url.startsWith('https://stalled.example/')
      ? new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))
      : healthy.fetchImpl(url, init)) as typeof fetch;
  const stalled = entry({ name: 'stalled', entry: 'https://stalled.example/mf-manifest.json', timeoutMs: 300 });
  const started = Date.now();
  const { contents, warnings } = await publicContributions([stalled, entry()], hanging, provided);
  expect(Date.now() - started).toBeLessThan(2_000);
  expect(contents.map(({ remote, module }) => `${remote}/${module}`)).toEqual(['referrals/invite-tile']);
  expect(warnings).toEqual([
    'stalled (https://stalled.example/mf-manifest.json): its contributions could not be rendered ahead of time (it did not answer within 0.3 s, its time limit); they render in the browser.',
  ]);
});
