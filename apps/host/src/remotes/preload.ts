import type { RemoteEntry } from '@mfe/manifest';
import { entryScriptUrl, remoteFiles, REMOTE_EXPOSE } from '@mfe/manifest/remote-build';

// Used by the boot script (startup/boot-script.ts) as well as the loader: nothing here may import more.
export { entryScriptUrl, REMOTE_EXPOSE };

/**
 * Starts downloading a remote's entry and the chunks and stylesheets of its `./remote` module
 * together (preload hints, see `remoteFiles`), instead of the chain entry → chunk the runtime would follow.
 */
export function preloadRemoteScripts(
  entry: Pick<RemoteEntry, 'entry' | 'integrity'>,
  manifest: unknown,
  doc: Document = document,
  scriptUrl = entryScriptUrl(entry.entry),
): string[] {
  const hints = remoteFiles(entry, manifest, scriptUrl);
  addPreloadHints(hints, doc);
  return hints.map((hint) => hint.url);
}

/** Preload hints (cross-origin, with their pins) for the files the page does not hint yet. */
export function addPreloadHints(
  hints: ReadonlyArray<{ readonly url: string; readonly integrity?: string; readonly as: 'script' | 'style' }>,
  doc: Document = document,
): void {
  const hinted = new Set(
    [...doc.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => link.href),
  );
  for (const { url, integrity, as } of hints) {
    if (hinted.has(url)) continue;
    hinted.add(url);
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', as);
    link.href = url;
    link.crossOrigin = 'anonymous';
    if (integrity) link.setAttribute('integrity', integrity);
    doc.head.appendChild(link);
  }
}

/**
 * Downloads a remote ahead of a visit, at low priority and without running any of it, when `accept`
 * takes its mf-manifest.json (the loader refuses an incompatible remote here too, so none of its code
 * is downloaded): the manifest and its files are fetched into the HTTP cache, the hashed ones with
 * their integrity. Fetches, not prefetch hints: every engine's policy allows them (`connect-src`
 * lists the remotes' origins; Firefox judges prefetch hints by `default-src`), and the stable names
 * (manifest, entry) are revalidated on the visit, so a redeployed or fixed remote is seen at once.
 * Failures stay quiet; a visit reports them.
 */
export async function prefetchRemote(
  entry: Pick<RemoteEntry, 'entry' | 'integrity'>,
  accept: (manifest: unknown) => boolean,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<void> {
  const low = { cache: 'no-cache', priority: 'low' } as RequestInit;
  let manifest: unknown;
  if (new URL(entry.entry).pathname.endsWith('.json')) {
    const response = await fetchImpl(entry.entry, low);
    if (!response.ok) return;
    manifest = await response.json();
    if (!accept(manifest)) return;
  }
  const script = entryScriptUrl(entry.entry);
  await Promise.all(
    remoteFiles(entry, manifest, script).map(({ url, integrity }) =>
      fetchImpl(url, {
        priority: 'low',
        mode: 'cors',
        credentials: 'same-origin',
        ...(url === script ? { cache: 'no-cache' } : {}),
        ...(integrity ? { integrity } : {}),
      } as RequestInit).then((response) => response.arrayBuffer()),
    ),
  );
}
