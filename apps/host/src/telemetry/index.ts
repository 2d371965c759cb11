import type { ConsentApi, Telemetry } from '@mfe/context';
import type { HostConfig } from '../config';
import type { AttributableRemote } from './attribution';
import { collectorAdapter } from './collector-adapter';
import { consoleAdapter } from './console-adapter';
import { TelemetryHub, type TelemetryInput } from './hub';
import { installErrorListeners, installWebVitals } from './page-signals';
import type { RemoteIdentity, TelemetryAdapter, TelemetryRecord } from './record';
import { sentryAdapter } from './sentry-adapter';
import { installTagLoader } from './tag-loader';

export type { TelemetryRecord } from './record';
export { createPageConsent, exposeConsent } from './consent-store';

/**
 * The host's telemetry: adapters from the runtime config, page signals
 * (uncaught errors, web vitals), the tag loader, and one `Telemetry` per
 * remote for `useTelemetry()`. Until `installTelemetry` runs (the config is
 * not loaded yet) reports are kept and replayed.
 */
let hub: TelemetryHub | undefined;
const early: TelemetryInput[] = [];
let describeRemote: (name: string) => RemoteIdentity = (name) => ({ name });

export function report(input: TelemetryInput): void {
  if (hub) hub.report(input);
  else if (early.length < 50) early.push(input);
}

export function recentTelemetry(): readonly TelemetryRecord[] {
  return hub?.recent() ?? [];
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

export interface TelemetryInstall {
  readonly config: HostConfig;
  readonly consent: ConsentApi;
  readonly remotes: () => readonly AttributableRemote[];
  /** A remote's name and the version its build declares (once its manifest was read). */
  readonly describe: (name: string) => RemoteIdentity;
}

export function installTelemetry({ config, consent, remotes, describe }: TelemetryInstall): void {
  describeRemote = describe;
  hub = new TelemetryHub({
    adapters: adaptersFor(config),
    consent,
    allowedQueryParams: config.telemetry.allowedQueryParams,
  });
  for (const input of early.splice(0)) hub.report(input);
  installErrorListeners({ report, remotes, describe });
  if (config.telemetry.adapters.length > 0) installWebVitals({ report, remotes, describe });
  if (config.tagLoader) installTagLoader(config.tagLoader.src, consent);
}

const bySource = new Map<string, Telemetry>();

/** One `Telemetry` per remote, kept stable so remotes can list it in effect dependencies. */
export function telemetryFor(remoteName: string): Telemetry {
  let telemetry = bySource.get(remoteName);
  if (!telemetry) {
    telemetry = {
      track: (event, properties) =>
        report({
          kind: 'event',
          name: event,
          remote: describeRemote(remoteName),
          ...(properties ? { attributes: properties } : {}),
        }),
      captureError: (error, context) => {
        report({
          kind: 'error',
          name: 'reported error',
          remote: describeRemote(remoteName),
          error: { thrown: error, code: 'REMOTE_REPORTED' },
          ...(context ? { attributes: context } : {}),
        });
      },
    };
    bySource.set(remoteName, telemetry);
  }
  return telemetry;
}
