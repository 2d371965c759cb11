import { createConsentStore, NO_CONSENT } from '@mfe/context';
import { TelemetryHub } from './hub';
import type { TelemetryAdapter, TelemetryRecord } from './record';

function adapter(
  name: string,
  consent: TelemetryAdapter['consent'],
): TelemetryAdapter & { readonly sent: TelemetryRecord[] } {
  const sent: TelemetryRecord[] = [];
  return { name, consent, sent, send: (record) => void sent.push(record) };
}

function setUp(initial = NO_CONSENT) {
  const consent = createConsentStore(initial);
  const local = adapter('console', null);
  const analytics = adapter('collector', 'analytics');
  const hub = new TelemetryHub({
    adapters: [local, analytics],
    consent,
    allowedQueryParams: ['tab'],
    location: () => '/referrals/invite?tab=sent&code=abc',
    now: () => 1_000,
  });
  return { consent, local, analytics, hub };
}

test('a record is attributed, timed and scrubbed before any adapter sees it', () => {
  const { hub, local } = setUp();
  hub.report({
    kind: 'error',
    name: 'TypeError',
    remote: { name: 'referrals', version: '1.4.0' },
    attributes: { email: 'alice@example.com', accessToken: 'eyJx' },
    error: { type: 'TypeError', message: 'failed for alice@example.com', code: 'REMOTE_RENDER_FAILED' },
  });
  expect(local.sent).toEqual([
    {
      kind: 'error',
      name: 'TypeError',
      time: 1_000,
      route: '/referrals/invite?tab=sent',
      remote: { name: 'referrals', version: '1.4.0' },
      attributes: { email: '[email]', accessToken: '[redacted]' },
      error: { type: 'TypeError', message: 'failed for [email]', code: 'REMOTE_RENDER_FAILED' },
    },
  ]);
  expect(hub.recent()).toEqual(local.sent);
});

test('nothing goes to an adapter that needs consent until it is given; then the waiting records go, in order', () => {
  const { hub, consent, analytics, local } = setUp();
  hub.report({ kind: 'event', name: 'first' });
  hub.report({ kind: 'event', name: 'second' });
  expect(local.sent).toHaveLength(2);
  expect(analytics.sent).toEqual([]);
  consent.set({ analytics: true });
  expect(analytics.sent.map((record) => record.name)).toEqual(['first', 'second']);
  hub.report({ kind: 'event', name: 'third' });
  expect(analytics.sent.map((record) => record.name)).toEqual(['first', 'second', 'third']);
});

test('declined consent drops what waited and everything after it', () => {
  const { hub, consent, analytics } = setUp();
  hub.report({ kind: 'event', name: 'waiting' });
  consent.set({ analytics: false });
  hub.report({ kind: 'event', name: 'after' });
  consent.set({ marketing: true });
  expect(analytics.sent).toEqual([]);
});

test('waiting records are bounded, and an adapter that throws breaks neither the page nor the others', () => {
  const consent = createConsentStore({ analytics: null, marketing: null });
  const broken: TelemetryAdapter = {
    name: 'broken',
    consent: null,
    send: () => {
      throw new Error('down');
    },
  };
  const analytics = adapter('collector', 'analytics');
  const local = adapter('console', null);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const hub = new TelemetryHub({
    adapters: [broken, analytics, local],
    consent,
    allowedQueryParams: [],
    location: () => '/',
  });
  for (let i = 0; i < 150; i += 1) hub.report({ kind: 'event', name: `e${i}` });
  consent.set({ analytics: true });
  expect(analytics.sent).toHaveLength(100);
  expect(analytics.sent[0]?.name).toBe('e50');
  expect(local.sent).toHaveLength(150);
  expect(hub.recent()).toHaveLength(50);
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('"broken" adapter failed'));
  warn.mockRestore();
});

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJlLXBhcnQ';

test('every field of an error leaves scrubbed: its name, message, stack and cause, whether thrown or written out', () => {
  const { hub, local } = setUp();
  class ProfileError extends Error {}
  const error = new ProfileError(`Bearer ${JWT} failed`, {
    cause: new Error('lookup of bob@example.org failed', {
      cause: { password: 'hunter2', detail: `code=abc&state=xyz` },
    }),
  });
  error.name = `ProfileError(victim@example.org, ${JWT})`;
  hub.report({ kind: 'error', name: 'reported error', error: { thrown: error, code: 'REMOTE_REPORTED' } });
  hub.report({
    kind: 'error',
    name: 'written out',
    error: {
      type: `Named ${JWT}`,
      message: 'for carol@example.net',
      stack: `at x (https://cdn.example.com/a.js?token=${JWT})`,
      cause: 'Error: dave@example.com',
    },
  });
  const text = JSON.stringify(local.sent);
  expect(text).not.toMatch(/eyJ|@example\.|hunter2|abc&|xyz/);
  expect(local.sent[0]!.error).toMatchObject({
    type: 'ProfileError([email], [redacted])',
    message: 'Bearer [redacted] failed',
    code: 'REMOTE_REPORTED',
    cause:
      'Error: lookup of [email] failed\nNonErrorObject: {"password":"[redacted]","detail":"code=[redacted]&state=[redacted]"}',
  });
  expect(local.sent[0]!.error!.stack).toContain('[email]');
  expect(local.sent[1]!.error).toEqual({
    type: 'Named [redacted]',
    message: 'for [email]',
    stack: 'at x (https://cdn.example.com/a.js)',
    cause: 'Error: [email]',
  });
});
