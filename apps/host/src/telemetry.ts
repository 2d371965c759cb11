import type { Telemetry } from '@mfe/context';
import { createLogger } from './logger';

/**
 * Telemetry for one remote. For now events go to the host's logger; a real
 * sink plugs in here without any remote changing.
 */
const bySource = new Map<string, Telemetry>();

/** One sink per source, kept stable so remotes can list it in effect dependencies. */
export function telemetryFor(source: string): Telemetry {
  let telemetry = bySource.get(source);
  if (!telemetry) bySource.set(source, (telemetry = createTelemetry(source)));
  return telemetry;
}

export function createTelemetry(source: string): Telemetry {
  const log = createLogger(`telemetry:${source}`);
  return {
    track: (event, properties) => log.debug(`event ${event}`, properties),
    captureError: (error, context) => log.error(`error ${error instanceof Error ? error.message : String(error)}`, context),
  };
}
