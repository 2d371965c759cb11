import type { TelemetryAdapter, TelemetryRecord } from './record';
import { scrubSentryEvent } from './sentry-scrub';

/**
 * Error reporting through the Sentry SDK (`@sentry/browser`), loaded in its own
 * chunk only when the first error is to be sent, after consent: never on the
 * critical path. Only errors go there, already attributed and scrubbed; the
 * SDK's own integrations (global handlers, breadcrumbs of console and network)
 * are off, since the host attributes errors itself and breadcrumbs would carry
 * URLs and messages past the scrubber. Whatever the SDK adds itself passes the
 * same scrubber in `beforeSend`, the last step before its envelope is written.
 */
type SentryModule = typeof import('@sentry/browser');

export function sentryAdapter({
  dsn,
  environment,
  allowedQueryParams = [],
  load = () =>
    import(/* webpackChunkName: "error-reporting", webpackExports: ["init", "captureException"] */ '@sentry/browser'),
}: {
  dsn: string;
  environment?: string;
  allowedQueryParams?: readonly string[];
  load?: () => Promise<SentryModule>;
}): TelemetryAdapter {
  let sdk: Promise<SentryModule | null> | undefined;
  const ready = () =>
    (sdk ??= load().then(
      (sentry) => {
        sentry.init({
          dsn,
          ...(environment ? { environment } : {}),
          defaultIntegrations: false,
          integrations: [],
          sampleRate: 1,
          beforeSend: (event) => scrubSentryEvent(event, allowedQueryParams),
        });
        return sentry;
      },
      () => null, // the SDK's chunk did not load: error reporting is off for this page, nothing else is
    ));
  const capture = (sentry: SentryModule, record: TelemetryRecord) => {
    const error = new Error(record.error?.message ?? record.name);
    error.name = record.error?.type ?? record.name;
    if (record.error?.stack) error.stack = record.error.stack;
    sentry.captureException(error, {
      tags: {
        'mfe.remote.name': record.remote?.name ?? 'host',
        ...(record.remote?.version ? { 'mfe.remote.version': record.remote.version } : {}),
        ...(record.remote?.variant ? { 'mfe.remote.variant': record.remote.variant } : {}),
        ...(record.error?.code ? { 'mfe.error.code': record.error.code } : {}),
        'mfe.route': record.route,
      },
      extra: { ...record.attributes, ...(record.error?.cause ? { 'mfe.error.cause': record.error.cause } : {}) },
    });
  };
  return {
    name: 'sentry',
    consent: 'analytics',
    send(record) {
      if (record.kind !== 'error') return;
      void ready().then((sentry) => sentry && capture(sentry, record));
    },
  };
}
