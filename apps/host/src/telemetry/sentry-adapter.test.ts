import { sentryAdapter } from './sentry-adapter';
import type { TelemetryRecord } from './record';

const record: TelemetryRecord = {
  kind: 'error',
  name: 'TypeError',
  time: 1,
  route: '/account',
  remote: { name: 'account', version: '2.0.0' },
  attributes: { step: 'render' },
  error: { type: 'TypeError', message: 'boom', code: 'REMOTE_RENDER_FAILED', stack: 'TypeError: boom\n at x' },
};

function fakeSdk() {
  return { init: jest.fn(), captureException: jest.fn() };
}

test('the SDK loads on the first error only, with its own integrations off, and gets the attribution as tags', async () => {
  const sdk = fakeSdk();
  const load = jest.fn(async () => sdk as never);
  const adapter = sentryAdapter({ dsn: 'https://key@errors.example.com/7', environment: 'prod', load });
  adapter.send({ ...record, kind: 'event', name: 'clicked' });
  expect(load).not.toHaveBeenCalled();
  adapter.send(record);
  adapter.send(record);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(load).toHaveBeenCalledTimes(1);
  expect(sdk.init).toHaveBeenCalledWith(
    expect.objectContaining({
      dsn: 'https://key@errors.example.com/7',
      environment: 'prod',
      defaultIntegrations: false,
    }),
  );
  expect(sdk.captureException).toHaveBeenCalledTimes(2);
  const [error, hint] = sdk.captureException.mock.calls[0] as [
    Error,
    { tags: Record<string, string>; extra: Record<string, unknown> },
  ];
  expect(error).toMatchObject({ name: 'TypeError', message: 'boom' });
  expect(hint.tags).toEqual({
    'mfe.remote.name': 'account',
    'mfe.remote.version': '2.0.0',
    'mfe.error.code': 'REMOTE_RENDER_FAILED',
    'mfe.route': '/account',
  });
  expect(hint.extra).toEqual({ step: 'render' });
});

test('an SDK chunk that fails to load turns error reporting off without throwing', async () => {
  const adapter = sentryAdapter({
    dsn: 'https://key@errors.example.com/7',
    load: () => Promise.reject(new Error('ChunkLoadError')),
  });
  expect(() => adapter.send(record)).not.toThrow();
  await new Promise((resolve) => setTimeout(resolve, 0));
});
