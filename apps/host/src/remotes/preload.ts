import type { RemoteEntry } from '@mfe/manifest';

// Used by the boot script (boot/index.ts) as well as the loader: nothing here may import more.

/** The module every remote exposes; see `defineRemote` in @mfe/context. */
export const REMOTE_EXPOSE = 'remote';

/** The URL of the entry script a manifest entry stands for (`remoteEntry.js` next to `mf-manifest.json`). */
export function entryScriptUrl(entry: string): string {
  return entry.endsWith('.json') ? new URL('remoteEntry.js', entry).href : entry;
}

/**
 * Starts downloading a remote's entry and the chunks and stylesheets of its `./remote` module
 * together, instead of the chain entry → chunk the runtime would follow.
 * Only files beside the manifest (same origin, already allowed) are hinted,
 * each with the integrity the script that uses it will carry: the pinned hash for
 * a pinned entry, none for another entry, and for chunks the sha384 their build
 * recorded in mf-manifest.json (the entry pins the same hashes). A pinned
 * remote's chunks are hinted only when their hash is known.
 */
export function preloadRemoteScripts(entry: Pick<RemoteEntry, 'entry' | 'integrity'>, manifest: unknown, doc: Document = document, scriptUrl = entryScriptUrl(entry.entry), rel: 'preload' | 'prefetch' = 'preload'): string[] {
  const base = new URL(entry.entry);
  const body = (manifest ?? {}) as { exposes?: unknown; integrity?: unknown };
  const recorded = (file: string): string | undefined => {
    const value = (body.integrity as Record<string, unknown> | undefined)?.[file];
    return typeof value === 'string' && /^sha(256|384|512)-[A-Za-z0-9+/=]+$/.test(value) ? value : undefined;
  };
  const exposed = Array.isArray(body.exposes)
    ? (body.exposes as Array<{ path?: unknown; assets?: { js?: { sync?: unknown }; css?: { sync?: unknown } } }>).find((e) => e?.path === `./${REMOTE_EXPOSE}`)
    : undefined;
  const files = (list: unknown) => (Array.isArray(list) ? list.filter((file): file is string => typeof file === 'string') : []);
  const hints = [
    { url: scriptUrl, integrity: entry.integrity, as: 'script' },
    // Its stylesheets too: they load with the module, before its code runs.
    ...[...files(exposed?.assets?.js?.sync).map((file) => ({ file, as: 'script' })), ...files(exposed?.assets?.css?.sync).map((file) => ({ file, as: 'style' }))]
      .map(({ file, as }) => ({ url: new URL(file, base).href, integrity: recorded(file), as }))
      .filter((hint) => !entry.integrity || hint.integrity),
  ].filter((hint) => new URL(hint.url).origin === base.origin);
  for (const { url, integrity, as } of hints) {
    if ([...doc.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"], link[rel="prefetch"]')].some((link) => link.href === url)) continue;
    const link = doc.createElement('link');
    link.rel = rel;
    link.setAttribute('as', as);
    link.href = url;
    link.crossOrigin = 'anonymous';
    if (integrity) link.setAttribute('integrity', integrity);
    doc.head.appendChild(link);
  }
  return hints.map((hint) => hint.url);
}

/**
 * Downloads a remote ahead of a visit, at low priority and without running any of it: its
 * mf-manifest.json (so the visit's revalidation is answered "not modified") and, as prefetch hints,
 * its entry and module files. Failures stay quiet; a visit reports them.
 */
export async function prefetchRemote(entry: Pick<RemoteEntry, 'entry' | 'integrity'>, fetchImpl: typeof fetch = (input, init) => fetch(input, init), doc: Document = document): Promise<void> {
  let manifest: unknown;
  if (new URL(entry.entry).pathname.endsWith('.json')) {
    const response = await fetchImpl(entry.entry, { cache: 'no-cache', priority: 'low' } as RequestInit);
    if (!response.ok) return;
    manifest = await response.json();
  }
  preloadRemoteScripts(entry, manifest, doc, entryScriptUrl(entry.entry), 'prefetch');
}
