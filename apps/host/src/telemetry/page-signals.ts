import { remoteOfError, type AttributableRemote } from './attribution';
import type { TelemetryInput } from './record';
import type { RemoteIdentity } from './record';

/**
 * What the page itself reports, attributed to the remote it belongs to: uncaught errors and
 * unhandled rejections (by the script they came from), listened to from the start. Web vitals
 * (`vitals.ts`) start with the hub.
 */
export interface PageSignalsOptions {
  readonly report: (input: TelemetryInput) => void;
  readonly remotes: () => readonly AttributableRemote[];
  readonly describe: (name: string) => RemoteIdentity;
  readonly target?: Window;
}

export function installErrorListeners({ report, remotes, describe, target = window }: PageSignalsOptions): () => void {
  const onError = (event: ErrorEvent) => {
    const owner = remoteOfError(event.error, remotes(), event.filename);
    report({
      kind: 'error',
      name: 'uncaught error',
      ...(owner ? { remote: describe(owner) } : {}),
      error: { thrown: event.error ?? event.message, code: 'UNCAUGHT_ERROR' },
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const owner = remoteOfError(event.reason, remotes());
    report({
      kind: 'error',
      name: 'unhandled rejection',
      ...(owner ? { remote: describe(owner) } : {}),
      error: { thrown: event.reason, code: 'UNHANDLED_REJECTION' },
    });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
