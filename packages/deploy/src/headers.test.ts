import { createHash } from 'node:crypto';
import { validateRuntimeConfig } from '@mfe/manifest';
import { EARLY_CLICKS_SCRIPT } from '@mfe/manifest/early-clicks';
import {
  allowedCorsOrigin,
  hostFileKind,
  hostHeaders,
  remoteFileKind,
  remoteHeaders,
  storeObjectCacheControl,
} from './headers';

const parsed = validateRuntimeConfig({
  productName: 'Acme',
  auth: { authority: 'https://login.example.com/realms/acme', clientId: 'web' },
  allowedRemoteOrigins: ['https://cdn.example.com'],
  apiOrigins: ['https://api.example.com'],
  telemetry: { adapters: [{ type: 'collector', endpoint: 'https://otel.example.com/v1/logs' }] },
  tagLoader: { src: 'https://tags.example.com/gtm.js?id=1', connectOrigins: ['https://stats.example.com'] },
});
if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
const config = parsed.config;

test.each([
  ['/', false, 'page'],
  ['/index.html', true, 'page'],
  ['/referrals/invites/42', false, 'page'],
  ['//x', false, 'page'],
  ['/\t', false, 'page'],
  ['/\u200b', false, 'page'],
  ['/auth/silent-callback', false, 'silent-callback'],
  ['/main.e4307504.js', true, 'immutable'],
  ['/host.css', true, 'revalidate'],
  ['/config.json', true, 'revalidate'],
  ['/main.e4307504.js.map', true, 'hidden'],
  ['/server/render.js', true, 'hidden'],
  ['/server/server.json', true, 'hidden'],
  ['/missing.js', false, 'missing'],
  ['/favicon.ico', false, 'missing'],
  ['/LOGO.PNG', false, 'missing'],
])('the host serves %j (exists: %s) as %s', (path, exists, kind) => {
  expect(hostFileKind(path, exists)).toBe(kind);
});

test('remote files: hashed chunks immutable, entry and manifest revalidated, source maps hidden', () => {
  expect(remoteFileKind('/referrals/1.0.0/invite.7565b80e.js')).toBe('immutable');
  expect(remoteFileKind('/referrals/1.0.0/remoteEntry.js')).toBe('revalidate');
  expect(remoteFileKind('/referrals/1.0.0/mf-manifest.json')).toBe('revalidate');
  expect(remoteFileKind('/referrals/1.0.0/invite.7565b80e.js.map')).toBe('hidden');
  // Only what a build is made of: a page planted in a stored build is never served.
  expect(remoteFileKind('/referrals/1.0.0/planted.html')).toBe('refused');
  expect(remoteFileKind('/referrals/1.0.0/planted.0123456789abcdef.html')).toBe('refused');
  expect(remoteFileKind('/referrals/1.0.0/logo.SVG')).toBe('revalidate');
  // A remote's server build is read by the prerender step over HTTP, like its browser build.
  expect(remoteFileKind('/referrals/1.0.0/server/remote.js')).toBe('revalidate');
});

test('pages carry the strict CSP built from the config; only the silent sign-in page may be framed, by the host', () => {
  const page = hostHeaders('page', { config });
  const csp = page['Content-Security-Policy']!;
  // The one inline script (the early-click replay) is allowed by the hash of its exact bytes, nothing else inline.
  const held = `'sha256-${createHash('sha256').update(EARLY_CLICKS_SCRIPT).digest('base64')}'`;
  expect(csp).toContain(`script-src 'self' ${held} https://cdn.example.com https://tags.example.com;`);
  expect(csp).toContain(
    "connect-src 'self' https://cdn.example.com https://login.example.com https://api.example.com https://otel.example.com https://tags.example.com https://stats.example.com;",
  );
  expect(csp).not.toMatch(/unsafe-(eval|inline)/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(page['X-Frame-Options']).toBe('DENY');
  const silent = hostHeaders('silent-callback', { config });
  expect(silent['Content-Security-Policy']).toContain("frame-ancestors 'self'");
  expect(silent['X-Frame-Options']).toBe('SAMEORIGIN');
  for (const headers of [page, silent]) {
    expect(headers).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Cache-Control': 'no-cache',
    });
    expect(headers['Permissions-Policy']).toContain('camera=()');
  }
  expect(page['Strict-Transport-Security']).toBeUndefined();
  expect(hostHeaders('page', { config, https: true })['Strict-Transport-Security']).toMatch(/max-age=\d+/);
});

test('static files carry cache rules but no page policy', () => {
  expect(hostHeaders('immutable', { config })).toEqual({
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cache-Control': 'public, max-age=31536000, immutable',
  });
  expect(hostHeaders('revalidate', { config })['Cache-Control']).toBe('no-cache');
});

test('remotes grant CORS to the host origins only', () => {
  expect(allowedCorsOrigin('https://app.example.com', ['https://app.example.com'])).toBe('https://app.example.com');
  expect(allowedCorsOrigin('https://evil.example.com', ['https://app.example.com'])).toBeUndefined();
  expect(allowedCorsOrigin('https://app.example.com.evil.com', ['https://app.example.com'])).toBeUndefined();
  expect(allowedCorsOrigin('http://localhost:4000', ['http://localhost:*'])).toBe('http://localhost:4000');
  expect(allowedCorsOrigin('http://localhost:4000.evil', ['http://localhost:*'])).toBeUndefined();
  expect(allowedCorsOrigin(undefined, ['https://app.example.com'])).toBeUndefined();
  expect(remoteHeaders('revalidate', undefined)['Access-Control-Allow-Origin']).toBeUndefined();
  expect(remoteHeaders('immutable', 'https://app.example.com')).toMatchObject({
    'Access-Control-Allow-Origin': 'https://app.example.com',
    Vary: 'Origin',
    'Cache-Control': 'public, max-age=31536000, immutable',
  });
});

test("a release store serves a published build's files as immutable, and its manifests, pages and previews revalidated", () => {
  expect(storeObjectCacheControl('remotes/referrals/1.4.0/mf-manifest.json')).toBe(
    'public, max-age=31536000, immutable',
  );
  expect(storeObjectCacheControl('remotes/referrals/1.4.0/static/chunk.js')).toBe(
    'public, max-age=31536000, immutable',
  );
  expect(storeObjectCacheControl('remotes/_preview/AbCdEfGhIjKlMnOpQrStUv.json')).toBe('no-cache');
  expect(storeObjectCacheControl('envs/production/manifest.json')).toBe('no-cache');
  expect(storeObjectCacheControl('envs/production/pages/index.html')).toBe('no-cache');
  expect(storeObjectCacheControl('store.json')).toBe('no-cache');
});
