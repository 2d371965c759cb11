import type { ConsentApi, Telemetry } from '@mfe/context';
import type { HostConfig } from '../config';
import type { AttributableRemote } from './attribution';
import type { TelemetryHub } from './hub';
import { report, sendQueueTo } from './queue';
import { installErrorListeners } from './page-signals';
import { loadLaterSignals, startHub, type HubStart, type LaterSignals } from './start-hub';
import type { RemoteIdentity, TelemetryRecord } from './record';

export type { TelemetryRecord } from './record';
export { createPageConsent, exposeConsent } from './consent-store';

/**
 * The host's telemetry. Until the page works, `report` only queues (queue.ts, in the first script):
 * the hub, which scrubs every record and hands it to the adapters the runtime config names, starts
 * then (`installTelemetry`'s `after`), with web vitals and the tag loader (a chunk fetched at that
 * moment). Scrubbing and delivering what the start-up reports held up the area's hydration, and none
 * of it is needed for the first click. A page left before then starts the hub at once and sends the
 * queue (the rollouts' error rates count every visit, the shortest ones included), which is why the
 * hub and the collector's adapter are in the shell's script; a page left before even that has come
 * (the opening area worked, the shell's code on its way) sends nothing.
 */
let hub: TelemetryHub | undefined;
let waiting: HubStart | undefined;
let describeRemote: (name: string) => RemoteIdentity = (name) => ({ name });
let hubStarted: Promise<void> | undefined;

export { report };

/** The latest records (scrubbed), newest last; none until the hub has started (`telemetryReady`). */
export function recentTelemetry(): readonly TelemetryRecord[] {
  return hub?.recent() ?? [];
}

/** Resolves once the hub has started (at once when telemetry is not installed). */
export function telemetryReady(): Promise<void> {
  return hubStarted ?? Promise.resolve();
}

export interface TelemetryInstall {
  readonly config: HostConfig;
  readonly consent: ConsentApi;
  readonly remotes: () => readonly AttributableRemote[];
  /** A remote's name and the version its build declares (once its manifest was read). */
  readonly describe: (name: string) => RemoteIdentity;
  /** When the hub starts: once the page works (its first view hydrated or rendered). */
  readonly after: Promise<unknown>;
}

function startWaitingHub(later?: LaterSignals): TelemetryHub | undefined {
  if (hub || !waiting) return hub;
  hub = startHub(waiting, later);
  waiting = undefined;
  const started = hub;
  sendQueueTo((input) => started.report(input));
  return hub;
}

export function installTelemetry({ config, consent, remotes, describe, after }: TelemetryInstall): Promise<void> {
  describeRemote = describe;
  installErrorListeners({ report, remotes, describe });
  waiting = { config, consent, remotes, describe, report };
  // Left before the hub started: it starts now and sends the queue (its adapters' own listeners
  // for this event were added during it, so they do not run for it).
  const leaving = () => {
    if (!hub) startWaitingHub()?.flush();
  };
  window.addEventListener('pagehide', leaving);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && leaving());
  hubStarted = after.then(loadLaterSignals, loadLaterSignals).then((later) => void startWaitingHub(later));
  return hubStarted;
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
