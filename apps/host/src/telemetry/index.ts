import type { ConsentApi, Telemetry } from '@mfe/context';
import type { HostConfig } from '../config';
import type { AttributableRemote } from './attribution';
import { pageRoute, type TelemetryHub, type TelemetryInput } from './hub';
import { installErrorListeners } from './page-signals';
import { loadLaterSignals, startHub, type HubStart, type LaterSignals } from './start-hub';
import type { RemoteIdentity, TelemetryRecord } from './record';

export type { TelemetryRecord } from './record';
export { createPageConsent, exposeConsent } from './consent-store';

/**
 * The host's telemetry. Until the page works, `report` only queues: the hub, which scrubs every
 * record and hands it to the adapters the runtime config names, starts then (`installTelemetry`'s
 * `after`), with web vitals and the tag loader (a chunk fetched at that moment). Scrubbing and
 * delivering what the start-up reports held up the area's hydration, and none of it is needed for
 * the first click. A queued report keeps the time and route it was made at. A page left before then
 * starts the hub at once and sends the queue (the rollouts' error rates count every visit, the
 * shortest ones included), which is why the hub and the collector's adapter stay in this script.
 */
let hub: TelemetryHub | undefined;
let waiting: HubStart | undefined;
const early: TelemetryInput[] = [];
/** Reports kept for the hub; past this, the oldest are dropped. */
const EARLY_LIMIT = 100;
let describeRemote: (name: string) => RemoteIdentity = (name) => ({ name });
let hubStarted: Promise<void> | undefined;

export function report(input: TelemetryInput): void {
  if (hub) return hub.report(input);
  // In a page rendered ahead of time (Node) there is no route; nothing is sent from there.
  const route = input.route ?? pageRoute();
  early.push({ ...input, time: input.time ?? Date.now(), ...(route === undefined ? {} : { route }) });
  if (early.length > EARLY_LIMIT) early.shift();
}

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
  for (const input of early.splice(0)) hub.report(input);
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
