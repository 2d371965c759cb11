import { describeProblem, labelIn, parseManifest as parseWithPolicy, schemaVersionFor } from './manifest';

const policy = { allowedOrigins: ['https://cdn.example.com'] };
const parseManifest = (input: unknown) => parseWithPolicy(input, policy);

const referrals = {
  name: 'referrals',
  entry: 'https://cdn.example.com/referrals/mf-manifest.json',
  path: '/referrals',
  label: 'Referrals',
  order: 20,
};
const account = {
  name: 'account',
  entry: 'https://cdn.example.com/account/mf-manifest.json',
  path: '/account',
  label: 'Account',
  order: 10,
};

test('valid entries come back sorted by order, with defaults filled in', () => {
  const { remotes, problems } = parseManifest({ schemaVersion: 1, remotes: [referrals, account] });
  expect(problems).toEqual([]);
  expect(remotes.map((r) => r.name)).toEqual(['account', 'referrals']);
  expect(remotes[0]).toMatchObject({ requiresAuth: true, timeoutMs: 10_000 });
});

test('an entry URL with credentials is refused before any origin check, and the secret appears in no message', () => {
  for (const entry of [
    'https://user:s3cret-value@cdn.example.com/account/mf-manifest.json',
    'https://token-s3cret-value@cdn.example.com/account/mf-manifest.json',
  ]) {
    const { remotes, problems } = parseManifest({ schemaVersion: 1, remotes: [{ ...account, entry }] });
    expect(remotes).toEqual([]);
    expect(describeProblem(problems[0]!)).toMatch(/"entry" must not carry a user name or password/);
    expect(JSON.stringify(problems)).not.toContain('s3cret');
  }
});

test('a bad entry is refused with which remote and which field, and the good ones still load', () => {
  const { remotes, problems } = parseManifest({
    schemaVersion: 1,
    remotes: [referrals, { ...account, entry: 'not a url' }],
  });
  expect(remotes.map((r) => r.name)).toEqual(['referrals']);
  expect(problems).toHaveLength(1);
  expect(describeProblem(problems[0]!)).toMatch(/^remotes\[1\] \("account"\): "entry" must be an absolute URL/);
});

test.each([
  ['a name that is not an identifier', { ...account, name: 'My-Account' }, /"name"/],
  ['a path without a leading slash', { ...account, path: 'account' }, /"path"/],
  ['a path with a trailing slash', { ...account, path: '/account/' }, /"path"/],
  ['a non-http entry', { ...account, entry: 'javascript:alert(1)' }, /"entry"/],
  ['a missing label', { ...account, label: undefined }, /"label"/],
  ['a path reserved by the host', { ...account, path: '/auth' }, /reserved/],
  ['a duplicate name', { ...referrals, path: '/other' }, /listed twice/],
  ['an overlapping path', { ...account, name: 'nested', path: '/referrals/nested' }, /overlaps \/referrals/],
  ['something that is not an object', 'account', /object/i],
  [
    'an entry on an origin outside the allowlist',
    { ...account, entry: 'https://evil.example/mf-manifest.json' },
    /origin https:\/\/evil\.example is not in the host's allowedRemoteOrigins/,
  ],
  [
    'an executable getPublicPath field',
    { ...account, getPublicPath: 'return "https://evil.example/"' },
    /"getPublicPath" is refused/,
  ],
  ['an unknown field', { ...account, colour: 'blue' }, /"colour" is not a field of schema version 1/],
  ['a timeout below the floor', { ...account, timeoutMs: 10 }, /"timeoutMs" must be at least 500/],
])('refuses %s', (_label, entry, message) => {
  const { problems } = parseManifest({ schemaVersion: 1, remotes: [referrals, entry] });
  expect(problems).toHaveLength(1);
  expect(problems[0]!.message).toMatch(message);
});

test.each([
  ['a wrong schema version', { schemaVersion: 5, remotes: [] }],
  ['no remotes list', { schemaVersion: 1 }],
  ['not an object', 'hello'],
])('a manifest with %s is refused as a whole with MANIFEST_INVALID', (_label, input) => {
  expect(() => parseManifest(input)).toThrow(expect.objectContaining({ code: 'MANIFEST_INVALID' }));
});

test('a host that requires integrity refuses an unpinned entry and says how to pin it; the others still load', () => {
  const pinned = {
    name: 'pinned',
    entry: 'https://cdn.example.com/pinned/mf-manifest.json',
    path: '/pinned',
    label: 'Pinned',
    integrity: `sha384-${'B'.repeat(64)}`,
  };
  const open = { name: 'open', entry: 'https://cdn.example.com/open/mf-manifest.json', path: '/open', label: 'Open' };
  const strict = parseWithPolicy(
    { schemaVersion: 1, remotes: [pinned, open] },
    { allowedOrigins: ['https://cdn.example.com'], requireIntegrity: true },
  );
  expect(strict.remotes.map((remote) => remote.name)).toEqual(['pinned']);
  expect(strict.problems).toEqual([
    {
      index: 1,
      name: 'open',
      message: expect.stringContaining('has no "integrity": this host loads only pinned remotes'),
    },
  ]);
  const lenient = parseWithPolicy(
    { schemaVersion: 1, remotes: [pinned, open] },
    { allowedOrigins: ['https://cdn.example.com'] },
  );
  expect(lenient.remotes.map((remote) => remote.name).sort()).toEqual(['open', 'pinned']);
});

const PIN = `sha384-${'B'.repeat(64)}`;
const candidate = { entry: 'https://cdn.example.com/referrals/1.1.0/mf-manifest.json', integrity: PIN, percent: 25 };

test('schema version 2 carries a candidate beside an entry; version 1 does not know the field', () => {
  const { remotes, problems } = parseManifest({ schemaVersion: 2, remotes: [{ ...referrals, candidate }] });
  expect(problems).toEqual([]);
  expect(remotes[0]!.candidate).toEqual(candidate);
  const old = parseManifest({ schemaVersion: 1, remotes: [{ ...referrals, candidate }] });
  expect(describeProblem(old.problems[0]!)).toMatch(/"candidate" is not a field of schema version 1/);
});

test('a candidate is held to the same rules as its stable build: allowed origin, pinned, a share from 0 to 100', () => {
  const refused = (change: object, requireIntegrity = false) => {
    const { remotes, problems } = parseWithPolicy(
      { schemaVersion: 2, remotes: [{ ...referrals, integrity: PIN, candidate: { ...candidate, ...change } }] },
      { ...policy, requireIntegrity },
    );
    expect(remotes).toEqual([]);
    return describeProblem(problems[0]!);
  };
  expect(refused({ entry: 'https://elsewhere.example/referrals/mf-manifest.json' })).toMatch(
    /"candidate\.entry" origin https:\/\/elsewhere\.example is not in the host's allowedRemoteOrigins/,
  );
  expect(refused({ integrity: undefined }, true)).toMatch(
    /has no "candidate\.integrity": this host loads only pinned remotes/,
  );
  expect(refused({ percent: 120 })).toMatch(/"candidate\.percent" must be a share from 0 to 100/);
});

describe('labels in other languages (schema version 3)', () => {
  const labels = { de: 'Empfehlungen', ar: 'الإحالات' };

  test('a version 3 entry carries its navigation label per locale; the label is found for a regional locale too', () => {
    const { remotes, problems } = parseManifest({ schemaVersion: 3, remotes: [{ ...referrals, labels }] });
    expect(problems).toEqual([]);
    expect(remotes[0]!.labels).toEqual(labels);
    expect(['de', 'de-AT', 'ar', 'fr', 'en'].map((locale) => labelIn(remotes[0]!, locale))).toEqual([
      'Empfehlungen',
      'Empfehlungen',
      'الإحالات',
      'Referrals',
      'Referrals',
    ]);
  });

  test('older versions refuse the field, as hosts from before version 3 do; a label that breaks the rules is refused in any language', () => {
    expect(parseManifest({ schemaVersion: 2, remotes: [{ ...referrals, labels }] }).problems[0]!.message).toMatch(
      /"labels" is not a field of schema version 2/,
    );
    expect(
      parseManifest({ schemaVersion: 3, remotes: [{ ...referrals, labels: { de: '<b>x</b>' } }] }).problems[0]!.message,
    ).toMatch(/must be the navigation label/);
    expect(
      parseManifest({ schemaVersion: 3, remotes: [{ ...referrals, labels: { Deutsch: 'x' } }] }).problems[0]!.message,
    ).toMatch(/language tag/);
  });

  test('a manifest is written in the lowest version its entries need', () => {
    expect(schemaVersionFor([{}])).toBe(1);
    expect(schemaVersionFor([{ candidate: { entry: 'https://x', percent: 5 } }])).toBe(2);
    expect(schemaVersionFor([{ labels }, { candidate: { entry: 'https://x', percent: 5 } }])).toBe(3);
    expect(schemaVersionFor([{ labels: {} }])).toBe(1);
  });
});

describe('contributions to slots (schema version 4)', () => {
  const card = { slot: 'account.profile.aside', module: 'referral-card' };

  test('are read with their defaults, and make the lowest version a manifest needs 4', () => {
    const { remotes, problems } = parseManifest({
      schemaVersion: 4,
      remotes: [{ ...referrals, contributions: [card, { slot: 'home.tiles', module: 'invite-tile', order: 5 }] }],
    });
    expect(problems).toEqual([]);
    expect(remotes[0]!.contributions).toEqual([
      { ...card, order: 100, requiresAuth: true },
      { slot: 'home.tiles', module: 'invite-tile', order: 5, requiresAuth: true },
    ]);
    expect(schemaVersionFor(remotes)).toBe(4);
    expect(schemaVersionFor([{ ...remotes[0]!, contributions: [] }])).toBe(1);
  });

  test('are not a field of an older schema version, so a host reading version 3 never meets them', () => {
    const { remotes, problems } = parseManifest({
      schemaVersion: 3,
      remotes: [{ ...referrals, contributions: [card] }],
    });
    expect(remotes).toEqual([]);
    expect(describeProblem(problems[0]!)).toMatch(/"contributions" is not a field of schema version 3/);
  });

  test.each([
    [
      'a slot name that is not dotted',
      { ...card, slot: 'sidebar' },
      /"contributions\.0\.slot" must be two to four dot-separated parts/,
    ],
    ['a module that is a path', { ...card, module: '../remote' }, /"contributions\.0\.module" must be the file name/],
    ['a field nobody knows', { ...card, render: 'alert(1)' }, /is not a field of a contribution/],
    ['a label with markup', { ...card, label: '<b>Refer</b>' }, /must be 1 to 40 characters/],
  ])('with %s refuse their entry and say which field', (_what, contribution, message) => {
    const { remotes, problems } = parseManifest({
      schemaVersion: 4,
      remotes: [{ ...referrals, contributions: [contribution] }, account],
    });
    expect(remotes.map((remote) => remote.name)).toEqual(['account']);
    expect(describeProblem(problems[0]!)).toMatch(message);
  });

  test('listing the same module in the same slot twice, or too many, is refused', () => {
    const twice = parseManifest({ schemaVersion: 4, remotes: [{ ...referrals, contributions: [card, card] }] });
    expect(describeProblem(twice.problems[0]!)).toMatch(/the same module in the same slot twice/);
    const many = Array.from({ length: 21 }, (_, index) => ({ slot: 'home.tiles', module: `tile-${index}` }));
    const tooMany = parseManifest({ schemaVersion: 4, remotes: [{ ...referrals, contributions: many }] });
    expect(describeProblem(tooMany.problems[0]!)).toMatch(/at most 20 contributions/);
  });

  test('a remote may only contribute: no path or label, listed apart from the areas', () => {
    const { name, entry } = referrals;
    const { remotes, contributors, problems } = parseManifest({
      schemaVersion: 4,
      remotes: [account, { name, entry, contributions: [card] }],
    });
    expect(problems).toEqual([]);
    expect(remotes.map((remote) => remote.name)).toEqual(['account']);
    expect(contributors).toMatchObject([{ name: 'referrals', contributions: [card] }]);
  });

  test('an entry with neither an area nor contributions, or half an area, is refused', () => {
    const { name, entry } = referrals;
    for (const raw of [
      { name, entry },
      { name, entry, contributions: [] },
      { name, entry, path: '/referrals', contributions: [card] },
    ]) {
      const { problems } = parseManifest({ schemaVersion: 4, remotes: [raw] });
      expect(describeProblem(problems[0]!)).toMatch(
        /must have a path and a label \(its area\), or neither and contributions/,
      );
    }
    const clash = parseManifest({
      schemaVersion: 4,
      remotes: [account, { name: 'account', entry, contributions: [card] }],
    });
    expect(describeProblem(clash.problems[0]!)).toMatch(/"name" account is listed twice/);
  });
});
