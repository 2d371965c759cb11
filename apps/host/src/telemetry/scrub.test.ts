import { cutSafely, scrubPath, scrubText, scrubUrl, scrubValue } from './scrub';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJlLXBhcnQ';

test.each([
  ['a JWT in a message', `token was ${JWT} and more`, `token was [redacted] and more`],
  ['a bearer header value', 'Authorization: Bearer abc.def-123', 'Authorization: Bearer [redacted]'],
  ['a DPoP credential', 'DPoP eyJ0eXAiOiJkcG9w', 'DPoP [redacted]'],
  ['an e-mail address', 'user alice@example.com failed', 'user [email] failed'],
  [
    'an authorization code in a callback URL',
    'at http://localhost:3000/auth/callback?code=abc123&state=xyz&iss=x',
    'at http://localhost:3000/auth/callback',
  ],
  [
    'code and state outside a URL',
    'callback code=abc123&state=xyz failed',
    'callback code=[redacted]&state=[redacted] failed',
  ],
  [
    'credentials and a fragment in a URL',
    'load https://user:secret@cdn.example.com/a.js#access_token=zzz',
    'load https://cdn.example.com/a.js',
  ],
])('removes %s', (_label, input, expected) => {
  expect(scrubText(input)).toBe(expected);
});

test('query strings are dropped unless the parameter is allowed, and allowed values are scrubbed too', () => {
  expect(scrubUrl('https://app.example.com/search?q=shoes&email=a@b.co&page=2', ['q', 'page'])).toBe(
    'https://app.example.com/search?q=shoes&page=2',
  );
  expect(scrubUrl(`https://app.example.com/x?q=${JWT}`, ['q'])).toBe('https://app.example.com/x?q=%5Bredacted%5D');
  expect(scrubPath('/referrals/invite?code=abc&tab=sent#frag', ['tab'])).toBe('/referrals/invite?tab=sent');
  expect(scrubPath('/account/userinfo')).toBe('/account/userinfo');
});

test('values under secret-sounding keys are replaced whole, at any depth, and the rest is kept', () => {
  const scrubbed = scrubValue({
    count: 3,
    ok: true,
    nested: {
      accessToken: 'x',
      refresh_token: 'y',
      password: 'p',
      authorization: 'Bearer z',
      list: [{ id_token: JWT, note: `mail bob@example.org` }],
    },
    code: 'abc',
    state: 'xyz',
    label: 'plain',
  });
  expect(scrubbed).toEqual({
    count: 3,
    ok: true,
    nested: {
      accessToken: '[redacted]',
      refresh_token: '[redacted]',
      password: '[redacted]',
      authorization: '[redacted]',
      list: [{ id_token: '[redacted]', note: 'mail [email]' }],
    },
    code: '[redacted]',
    state: '[redacted]',
    label: 'plain',
  });
});

test('errors become name and scrubbed message; deep or odd values are bounded', () => {
  expect(scrubValue(new TypeError(`bad ${JWT}`))).toEqual({ name: 'TypeError', message: 'bad [redacted]' });
  let deep: Record<string, unknown> = { leaf: 1 };
  for (let i = 0; i < 10; i += 1) deep = { inner: deep };
  expect(JSON.stringify(scrubValue(deep))).toContain('[truncated]');
  expect(scrubValue(() => 1)).toBeUndefined();
  expect((scrubText('x'.repeat(10_000)) as string).length).toBeLessThan(4_100);
});

describe('secrets across the length cut', () => {
  test('a JWT that straddles the cut leaves no readable part of it', () => {
    const message = `${'x '.repeat(1_980)}${JWT}${' tail'.repeat(20)}`;
    const start = message.indexOf(JWT);
    expect(start).toBeLessThan(4_000);
    expect(start + JWT.length).toBeGreaterThan(4_000);
    const scrubbed = scrubText(message);
    expect(scrubbed.length).toBeLessThanOrEqual(4_001);
    expect(scrubbed).not.toMatch(/eyJ|c2lnbmF0dXJl/);
  });

  test('a fragment of a token cut off elsewhere (no signature part) is still removed', () => {
    expect(scrubText('failed with eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJh')).toBe('failed with [redacted]');
  });

  test('a secret in a text far longer than the cut is removed before the text is cut, and the cut never splits a word', () => {
    const word = 'abcdefghij'.repeat(500); // a 5,000-character word where the cut falls
    const scrubbed = scrubText(`start ${word} end alice@example.com`);
    expect(scrubbed).toBe('start …');
    const huge = `${'y'.repeat(31_990)} eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2ln`;
    expect(scrubText(huge)).not.toContain('eyJ');
  });

  test('e-mail matching stays linear on long words (no quadratic backtracking)', () => {
    const started = Date.now();
    scrubText('a'.repeat(40_000));
    scrubText(`${'a.'.repeat(15_000)}@`);
    expect(Date.now() - started).toBeLessThan(500);
  });
});

test('JSON pairs under secret names in a text are removed, other pairs kept', () => {
  expect(scrubText('{"password":"hunter2","token":"abc","count":2,"state":"s1"}')).toBe(
    '{"password":"[redacted]","token":"[redacted]","count":2,"state":"[redacted]"}',
  );
});

test('keys that carry personal data are scrubbed like values', () => {
  expect(scrubValue({ 'alice@example.com': 1 })).toEqual({ '[email]': 1 });
});

test('an error passed as a value has its name scrubbed as well as its message', () => {
  const error = new Error(`bad ${JWT}`);
  error.name = 'ProfileError(victim@example.org)';
  expect(scrubValue(error)).toEqual({ name: 'ProfileError([email])', message: 'bad [redacted]' });
});

test('cutSafely keeps short texts whole and cuts between words', () => {
  expect(cutSafely('short', 10)).toBe('short');
  expect(cutSafely('one two three', 9)).toBe('one two …');
  expect(cutSafely('one two three', 8)).toBe('one two …');
  expect(cutSafely('one two three', 7)).toBe('one two…');
});
