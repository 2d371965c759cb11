import { describeThrown } from './thrown';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJlLXBhcnQ';

test('an Error subclass whose name carries an e-mail address and a JWT is reported without either', () => {
  class ProfileError extends Error {}
  const error = new ProfileError('could not load');
  error.name = `ProfileError(victim@example.org, ${JWT})`;
  const details = describeThrown(error);
  expect(details.type).toBe('ProfileError([email], [redacted])');
  expect(details.message).toBe('could not load');
  expect(JSON.stringify(details)).not.toMatch(/victim|eyJ/);
});

test('a thrown object loses its secret-named keys before it becomes text, and keeps the rest', () => {
  const details = describeThrown({
    password: 'hunter2',
    token: 'tok-123',
    code: 'abc',
    state: 'xyz',
    reason: 'quota',
    nested: { apiKey: 'k-1', count: 3 },
  });
  expect(details.type).toBe('NonErrorObject');
  expect(JSON.parse(details.message)).toEqual({
    password: '[redacted]',
    token: '[redacted]',
    code: '[redacted]',
    state: '[redacted]',
    reason: 'quota',
    nested: { apiKey: '[redacted]', count: 3 },
  });
  expect(details.message).not.toMatch(/hunter2|tok-123|"abc"|"xyz"|k-1/);
});

test('the cause chain is followed, each link scrubbed, and a cycle ends it', () => {
  const root = new Error(`token ${JWT}`);
  const middle = new TypeError('for alice@example.com', { cause: root });
  const top = new Error('save failed', { cause: middle });
  (root as Error & { cause?: unknown }).cause = top; // a cycle
  expect(describeThrown(top).cause).toBe('TypeError: for [email]\nError: token [redacted]');
});

test('strings, numbers and odd values are described by their type', () => {
  expect(describeThrown(`oops ${JWT}`)).toEqual({ type: 'string', message: 'oops [redacted]' });
  expect(describeThrown(42)).toEqual({ type: 'number', message: '42' });
  expect(describeThrown(undefined)).toEqual({ type: 'undefined', message: 'undefined' });
});

test('a value that throws when read is described, not rethrown', () => {
  const hostile = new Proxy(
    {},
    {
      get: () => {
        throw new Error('no');
      },
      ownKeys: () => {
        throw new Error('no');
      },
    },
  );
  expect(describeThrown(hostile)).toEqual(
    expect.objectContaining({ type: expect.any(String), message: expect.any(String) }),
  );
  const getter = Object.defineProperty(new Error('visible'), 'stack', {
    get: () => {
      throw new Error('no');
    },
  });
  expect(describeThrown(getter)).toEqual({ type: 'Error', message: 'visible' });
});

test('an error-like object from another realm is read as an error', () => {
  expect(describeThrown({ name: 'DOMException', message: `blocked for bob@example.org` })).toEqual({
    type: 'DOMException',
    message: 'blocked for [email]',
  });
});
