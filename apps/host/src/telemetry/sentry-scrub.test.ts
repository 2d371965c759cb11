import { scrubSentryEvent } from './sentry-scrub';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJlLXBhcnQ';

test('every text field the SDK may add is scrubbed, and what the platform never sends is removed', () => {
  const event = {
    event_id: 'abc123',
    level: 'error',
    message: `failed for alice@example.com`,
    exception: {
      values: [
        {
          type: `ProfileError(${JWT})`,
          value: 'Bearer secret-value',
          mechanism: { type: 'generic', handled: true, data: { token: 'x' } },
          stacktrace: {
            frames: [
              {
                filename: `https://cdn.example.com/a.js?code=abc#access_token=zzz`,
                function: 'load',
                lineno: 1,
                colno: 2,
                vars: { password: 'p' },
                context_line: 'const token = "t"',
                pre_context: ['x'],
                post_context: ['y'],
              },
            ],
          },
        },
      ],
    },
    request: {
      url: 'https://app.example.com/auth/callback?code=abc&state=xyz',
      headers: { Cookie: 'sid=1' },
      cookies: { sid: '1' },
      data: 'p=1',
      query_string: 'code=abc',
    },
    user: { email: 'alice@example.com', ip_address: '10.0.0.1' },
    breadcrumbs: [{ message: 'fetch https://api.example.com/?token=abc' }],
    tags: { 'mfe.remote.name': 'referrals', note: 'bob@example.org' },
    extra: { password: 'hunter2', note: `id ${JWT}` },
    contexts: { trace: { trace_id: '0123456789abcdef0123456789abcdef' }, custom: { session: 's-1' } },
  };
  const scrubbed = scrubSentryEvent(event);
  expect(JSON.stringify(scrubbed)).not.toMatch(
    /eyJ|@example\.|secret-value|hunter2|code=abc|zzz|sid|10\.0\.0\.1|const token|"p":"p"/,
  );
  expect(scrubbed).toMatchObject({
    event_id: 'abc123',
    level: 'error',
    message: 'failed for [email]',
    exception: {
      values: [
        {
          type: 'ProfileError([redacted])',
          value: 'Bearer [redacted]',
          stacktrace: { frames: [{ filename: 'https://cdn.example.com/a.js', function: 'load', lineno: 1, colno: 2 }] },
        },
      ],
    },
    request: { url: 'https://app.example.com/auth/callback' },
    tags: { 'mfe.remote.name': 'referrals', note: '[email]' },
    extra: { password: '[redacted]', note: 'id [redacted]' },
    contexts: { trace: { trace_id: '0123456789abcdef0123456789abcdef' }, custom: { session: '[redacted]' } },
  });
  expect(scrubbed).not.toHaveProperty('user');
  expect(scrubbed).not.toHaveProperty('breadcrumbs');
  expect(scrubbed.exception.values[0]!.stacktrace.frames[0]).not.toHaveProperty('vars');
});

test('allowed query parameters survive in the page URL', () => {
  expect(scrubSentryEvent({ request: { url: 'https://app.example.com/search?q=shoes&code=abc' } }, ['q'])).toEqual({
    request: { url: 'https://app.example.com/search?q=shoes' },
  });
});
