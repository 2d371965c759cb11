import { PlatformError } from '@mfe/context';
import type { ManifestEntry } from '../manifest';
import { entryScriptUrl } from './preload';

/**
 * The URL a remote's entry script is asked for (one per remote, in its record). Normally the one
 * beside its mf-manifest.json; after a load that timed out, or that failed after its entry was
 * hinted early, a new one (`?mfe-attempt=N`): a hanging request may never end, and the runtime (and
 * the browser) would keep waiting on it instead of asking again; a failed hint may answer the retry.
 */
export class EntryUrl {
  /** How many attempts needed a new URL. */
  private renamed = 0;
  /** Whether the entry was hinted before its manifest was read again. */
  private hinted = false;

  url(entry: Pick<ManifestEntry, 'entry'>): string {
    const url = entryScriptUrl(entry.entry);
    return this.renamed === 0 ? url : `${url}${url.includes('?') ? '&' : '?'}mfe-attempt=${this.renamed}`;
  }

  /** The next attempt asks under a new URL. */
  rename(): void {
    this.renamed += 1;
  }

  /** The entry was hinted ahead of its manifest check. */
  hintedEarly(): void {
    this.hinted = true;
  }

  /** The load settled: after a failure that followed an early hint, the next attempt asks anew. */
  settled(ok: boolean): void {
    if (this.hinted && !ok) this.rename();
    this.hinted = false;
  }
}

/**
 * A remote's entry script element. Always CORS-anonymous, like the remote's own chunks, so the
 * preload hint is reused. For a remote pinned by `integrity`: only its own entry URL, and only with
 * the browser's integrity check, so altered bytes never run.
 */
export function entryScriptElement(
  remote: Pick<ManifestEntry, 'name' | 'integrity'>,
  url: string,
  pinnedUrl: string,
  doc: Document = document,
): HTMLScriptElement {
  if (remote.integrity && url !== pinnedUrl) {
    throw new PlatformError(
      'REMOTE_LOAD_FAILED',
      `Refused ${url} for "${remote.name}": only its pinned entry ${pinnedUrl} may load.`,
    );
  }
  const script = doc.createElement('script');
  script.src = url;
  script.crossOrigin = 'anonymous';
  if (remote.integrity) script.integrity = remote.integrity;
  return script;
}
