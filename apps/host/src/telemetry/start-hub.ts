import type { ConsentApi } from '@mfe/context';
import type { HostConfig } from '../config';
import type { AttributableRemote } from './attribution';
import { collectorAdapter } from './collector-adapter';
import { consoleAdapter } from './console-adapter';
import { TelemetryHub, type TelemetryInput } from './hub';
import { installWebVitals } from './page-signals';
import type { RemoteIdentity, TelemetryAdapter } from './record';
import { sentryAdapter } from './sentry-adapter';
import { installTagLoader } from './tag-loader';

/**
 * The part of the host's telemetry that waits for the page to work (`index.ts` starts it then, or
 * when the page is left before): the hub that scrubs every record, the adapters the runtime config
 * names, web vitals and the tag loader.
 */
export interface HubStart {
  readonly config: HostConfig;
  readonly consent: ConsentApi;
  readonly remotes: () => readonly AttributableRemote[];
  readonly describe: (name: string) => RemoteIdentity;
  /** The page's one way to report (index.ts), for what the hub's signals measure. */
  readonly report: (input: TelemetryInput) => void;
}

function adaptersFor(config: HostConfig): TelemetryAdapter[] {
  return config.telemetry.adapters.map((adapter) => {
    switch (adapter.type) {
      case 'console':
        return consoleAdapter();
      case 'collector':
        return collectorAdapter({ endpoint: adapter.endpoint, serviceName: config.productName });
      case 'sentry':
        return sentryAdapter({
          dsn: adapter.dsn,
          allowedQueryParams: config.telemetry.allowedQueryParams,
          ...(adapter.environment ? { environment: adapter.environment } : {}),
        });
    }
  });
}

export function startHub({ config, consent, remotes, describe, report }: HubStart): TelemetryHub {
  const hub = new TelemetryHub({
    adapters: adaptersFor(config),
    consent,
    allowedQueryParams: config.telemetry.allowedQueryParams,
  });
  if (config.telemetry.adapters.length > 0) installWebVitals({ report, remotes, describe });
  if (config.tagLoader) installTagLoader(config.tagLoader.src, consent);
  return hub;
}
