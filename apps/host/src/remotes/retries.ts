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
 * The files a failed load asked for and could not use: a chunk or stylesheet webpack could not load
 * (the URL its ChunkLoadError names), or the entry script itself when the runtime could not run it.
 * The browser keeps what it got for each in its HTTP cache (a hashed file for a year), bytes refused
 * by their integrity pin included, and answers the next try from there without asking the network:
 * so a person's Retry fetches these again first (refreshFromNetwork), or it could never recover.
 */
export function filesOf(error: unknown, entryScript: string): string[] {
  const files = new Set<string>();
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    const request = (cause as Error & { request?: unknown }).request;
    if (typeof request === 'string' && /^https?:\/\//.test(request)) files.add(request);
    // "Loading chunk 58 failed.\n(error: https://…/chunk.js)", "Loading CSS chunk 7 failed.\n(https://…/x.css)"
    for (const match of cause.message.matchAll(/\((?:[a-z]+: )?(https?:\/\/[^\s)]+)\)/g)) files.add(match[1]!);
    if (/RUNTIME-008/.test(cause.message)) files.add(entryScript);
  }
  return [...files];
}

/**
 * Fetches files again from the network, replacing what the HTTP cache holds for them (`cache:
 * 'reload'`), so that the next script or stylesheet element for each gets what the server has now.
 * Quiet: a file still unreachable fails the next try, which says so.
 */
export async function refreshFromNetwork(files: readonly string[], fetchImpl: typeof fetch): Promise<void> {
  await Promise.all(
    files.map((file) =>
      fetchImpl(file, { cache: 'reload', mode: 'cors', credentials: 'same-origin' })
        .then((response) => response.arrayBuffer())
        .catch(() => undefined),
    ),
  );
}

/**
 * Runs one load of a remote's entry, trying again after a transient failure (RETRY_DELAYS_MS), with
 * `again` first (re-registering the entry). The runtime
 * reports an entry script that ran and threw like one that never arrived (RUNTIME-008); the page's
 * error event tells them apart, so a script that ran is never run again.
 */
export async function withRetries(
  entry: Pick<ManifestEntry, 'name' | 'label'>,
  script: string,
  attempt: () => Promise<unknown>,
  again: (failure: unknown) => void | Promise<void>,
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
        await again(error);
      }
    }
  } finally {
    window.removeEventListener('error', onError);
  }
}
