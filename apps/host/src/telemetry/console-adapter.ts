import { createLogger } from '../logger';
import type { TelemetryAdapter } from './record';

const log = createLogger('telemetry');

/** Development: every record on the browser console. Nothing leaves the page, so no consent is needed. */
export function consoleAdapter(): TelemetryAdapter {
  return {
    name: 'console',
    consent: null,
    send(record) {
      const who = record.remote
        ? `${record.remote.name}${record.remote.version ? `@${record.remote.version}` : ''}`
        : 'host';
      if (record.kind === 'error') log.error(`${who} ${record.name}: ${record.error?.message ?? ''}`, record);
      else log.debug(`${who} ${record.kind} ${record.name}`, record);
    },
  };
}
