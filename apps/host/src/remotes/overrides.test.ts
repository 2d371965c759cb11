import type { RemoteEntry } from '../manifest';
import { applyOverrides, checkOverride, originAllowed, readOverrides, saveOverride } from './overrides';
import { clearOverrides, OVERRIDES_KEY } from './tab-choices';

const remotes: RemoteEntry[] = [
  {
    name: 'referrals',
    entry: 'https://cdn.example.com/referrals/1.0.0/mf-manifest.json',
    path: '/referrals',
    label: 'Referrals',
    order: 1,
    requiresAuth: true,
    timeoutMs: 10_000,
    integrity: 'sha384-pinned',
  },
  {
    name: 'account',
    entry: 'https://cdn.example.com/account/mf-manifest.json',
    path: '/account',
    label: 'Account',
    order: 2,
    requiresAuth: true,
    timeoutMs: 10_000,
  },
];
const enabled = { enabled: true, allowedOrigins: ['http://localhost:*', 'https://preview.example.com'] };

afterEach(() => sessionStorage.clear());

describe('developer overrides', () => {
  it('matches allowed origins exactly, with ":*" for any port', () => {
    expect(originAllowed('http://localhost:3001', enabled.allowedOrigins)).toBe(true);
    expect(originAllowed('http://localhost', enabled.allowedOrigins)).toBe(true);
    expect(originAllowed('https://preview.example.com', enabled.allowedOrigins)).toBe(true);
    expect(originAllowed('http://localhost.evil.example:80', enabled.allowedOrigins)).toBe(false);
    expect(originAllowed('http://localhost:3001x', enabled.allowedOrigins)).toBe(false);
    expect(originAllowed('https://preview.example.com:8443', enabled.allowedOrigins)).toBe(false);
    expect(originAllowed('https://localhost:3001', enabled.allowedOrigins)).toBe(false);
  });

  it.each([
    [
      { enabled: false, allowedOrigins: ['http://localhost:*'] },
      'referrals',
      'http://localhost:3001/mf-manifest.json',
      /Overrides are off/,
    ],
    [enabled, 'nope', 'http://localhost:3001/mf-manifest.json', /no remote named "nope"/],
    [enabled, 'referrals', '/referrals/mf-manifest.json', /not an absolute URL/],
    [enabled, 'referrals', 'localhost:3001/mf-manifest.json', /not an http\(s\) URL/],
    [enabled, 'referrals', 'javascript:alert(1)', /not an http\(s\) URL/],
    [
      enabled,
      'referrals',
      'https://evil.example/mf-manifest.json',
      /https:\/\/evil.example is not an allowed override origin/,
    ],
  ])('refuses %#: says why, stores nothing', (policy, name, entry, message) => {
    expect(() => checkOverride(policy, remotes, name, entry)).toThrow(message);
    expect(sessionStorage.getItem(OVERRIDES_KEY)).toBeNull();
  });

  it('applies a saved override for this session only, unpinned, and drops ones that are no longer allowed', () => {
    saveOverride('referrals', checkOverride(enabled, remotes, 'referrals', 'http://localhost:3001/mf-manifest.json'));
    sessionStorage.setItem(
      OVERRIDES_KEY,
      JSON.stringify({ ...JSON.parse(sessionStorage.getItem(OVERRIDES_KEY)!), account: 'https://evil.example/x.json' }),
    );
    const overrides = readOverrides(enabled, remotes);
    expect(overrides).toEqual({ referrals: 'http://localhost:3001/mf-manifest.json' });
    const applied = applyOverrides(remotes, overrides);
    expect(applied[0]).toMatchObject({ name: 'referrals', entry: 'http://localhost:3001/mf-manifest.json' });
    expect(applied[0]).not.toHaveProperty('integrity');
    expect(applied[1]).toBe(remotes[1]);
  });

  it('applies nothing when the config turns overrides off, even if some are stored', () => {
    saveOverride('referrals', 'http://localhost:3001/mf-manifest.json');
    expect(readOverrides({ enabled: false, allowedOrigins: ['http://localhost:*'] }, remotes)).toEqual({});
  });

  it('survives a corrupted store and resets', () => {
    sessionStorage.setItem(OVERRIDES_KEY, '{not json');
    expect(readOverrides(enabled, remotes)).toEqual({});
    saveOverride('account', 'http://localhost:3002/mf-manifest.json');
    clearOverrides();
    expect(readOverrides(enabled, remotes)).toEqual({});
  });
});
