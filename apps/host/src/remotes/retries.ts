import { PlatformError } from '@mfe/context';
import { createLogger } from '../logger';
import type { ManifestEntry } from '../manifest';
import { AreaLoadError } from './area-failure';

const log = createLogger('remotes');

/**
 * Failures worth another automatic try: the network dropped the manifest request, or the entry
 * script or a chunk of the module could not be fetched (so none of it ran). A chunk's failure is
 * webpack's ChunkLoadError of type "error" ("missing": it arrived and ran, but was not the chunk).
 * Trying again also gets past a failed preload: a page hints a remote's scripts, and Chromium
 * answers the first request for a URL whose preload failed with that failure, without asking the
 * network (the preload is used up by it, so the next request goes out).
 * A script that ran and threw is never run again automatically.
 */
export function isTransient(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return (error as Error & { type?: string }).type !== 'missing';
  return /RUNTIME-008/.test(error.message);
}

/** Pauses before the automatic retries of one load. */
const RETRY_DELAYS_MS = [300, 1_000];

/**
 * Runs one load of a remote's entry, trying again after a transient failure (RETRY_DELAYS_MS), with
 * `again` re-registering the entry first. The runtime reports an entry script that ran and threw like
 * one that never arrived (RUNTIME-008); the page's error event tells them apart, so a script that ran
 * is never run again.
 */
export async function withRetries(
  entry: Pick<ManifestEntry, 'name' | 'label'>,
  script: string,
  attempt: () => Promise<unknown>,
  again: () => void,
  sleep: (ms: number) => Promise<void>,
): Promise<unknown> {
  let ranAndThrew: string | undefined;
  const onError = (event: ErrorEvent) => {
    if (event.filename && event.filename.split(/[?#]/)[0] === script)
      ranAndThrew = event.message || String(event.error);
  };
  window.addEventListener('error', onError);
  try {
    for (let tries = 0; ; tries += 1) {
      try {
        return await attempt();
      } catch (error) {
        if (ranAndThrew !== undefined) {
          log.error(`Remote "${entry.name}"'s entry script threw while it ran; it is not run again.`, {
            message: ranAndThrew,
          });
          throw new AreaLoadError(
            'REMOTE_INVALID',
            entry.label ?? entry.name,
            { kind: 'threw-at-start', detail: ranAndThrew },
            { cause: error },
          );
        }
        const delay = RETRY_DELAYS_MS[tries];
        if (error instanceof PlatformError || !isTransient(error) || delay === undefined) throw error;
        log.warn(
          `Remote "${entry.name}" failed to load (${(error as Error).message.split('\n')[0]}); trying again in ${delay} ms.`,
        );
        await sleep(delay);
        again();
      }
    }
  } finally {
    window.removeEventListener('error', onError);
  }
}
