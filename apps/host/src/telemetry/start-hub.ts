import type { ConsentApi } from '@mfe/context';
import type { HostConfig } from '../config';
import type { AttributableRemote } from './attribution';
import { collectorAdapter } from './collector-adapter';
import { consoleAdapter } from './console-adapter';
import { TelemetryHub } from './hub';
import type { TelemetryInput } from './record';
import type { RemoteIdentity, TelemetryAdapter } from './record';

/**
 * The part of the host's telemetry that waits for the page to work (`index.ts` starts it then, or
 * when the page is left before): the hub that scrubs every record, the adapters the runtime config
 * names, web vitals and the tag loader. The last three but the collector's and the console's
 * adapters are a chunk (`later-signals.ts`) loaded when the page works.
 */
export interface HubStart {
  readonly config: HostConfig;
  readonly consent: ConsentApi;
  readonly remotes: () => readonly AttributableRemote[];
  readonly describe: (name: string) => RemoteIdentity;
  /** The page's one way to report (index.ts), for what the hub's signals measure. */
  readonly report: (input: TelemetryInput) => void;
}

export type LaterSignals = typeof import('./later-signals');

/** The hub's later part; none when its chunk could not be fetched (the collector still gets everything). */
export function loadLaterSignals(): Promise<LaterSignals | undefined> {
  return import(/* webpackChunkName: "telemetry" */ './later-signals').catch(() => undefined);
}

function adaptersFor(config: HostConfig, later: LaterSignals | undefined): TelemetryAdapter[] {
  return config.telemetry.adapters.flatMap((adapter): TelemetryAdapter[] => {
    switch (adapter.type) {
      case 'console':
        return [consoleAdapter()];
      case 'collector': {
        const traces = adapter.tracesEndpoint;
        const spans = later && traces ? later.otlpSpans({ url: traces, serviceName: config.productName }) : undefined;
        return [
          collectorAdapter({
            endpoint: adapter.endpoint,
            serviceName: config.productName,
            ...(spans ? { spans } : {}),
          }),
        ];
      }
      case 'sentry':
        return later
          ? [
              later.sentryAdapter({
                dsn: adapter.dsn,
                allowedQueryParams: config.telemetry.allowedQueryParams,
                ...(adapter.environment ? { environment: adapter.environment } : {}),
              }),
            ]
          : [];
    }
  });
}

/** The hub, with what of `later` is there (a page left before it loaded starts without it). */
export function startHub(
  { config, consent, remotes, describe, report }: HubStart,
  later: LaterSignals | undefined,
): TelemetryHub {
  const hub = new TelemetryHub({
    adapters: adaptersFor(config, later),
    consent,
    allowedQueryParams: config.telemetry.allowedQueryParams,
  });
  if (later && config.telemetry.adapters.length > 0) later.installWebVitals({ report, remotes, describe });
  if (later && config.tagLoader) later.installTagLoader(config.tagLoader.src, consent);
  return hub;
}
