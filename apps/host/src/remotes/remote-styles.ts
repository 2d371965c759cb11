import { remoteOfUrl, type AttributableRemote } from '../telemetry/attribution';

/**
 * A remote's stylesheets apply only while one of its areas is on screen.
 *
 * The build keeps a remote's CSS Modules pure (every selector names one of its own classes), but a
 * `*.global.css` file, or any rule a remote gets onto the page another way, would otherwise outlive
 * its area: the `<link>` its chunk loader added stays in the page after navigating elsewhere. So
 * each remote stylesheet is switched off (`CSSStyleSheet.disabled`, which neither refetches nor
 * touches the element the chunk loader looks for) when the remote's last area unmounts, and on
 * again, before paint, when an area mounts. A stylesheet that arrives while the remote has no area
 * (a lazy chunk finishing after the visitor left, a load ahead of a visit) is switched off as soon
 * as it has loaded; it is left alone while loading, so nothing delays the area that waits for it.
 *
 * Ownership is decided once, when the `<link>` appears, from the folder the remote's entry was
 * loaded from, and kept on the element (`data-mfe-remote`): a stylesheet of an older version (after a
 * redeploy) stays its remote's.
 */
export interface RemoteStyles {
  /** The remote's area is on screen: its stylesheets apply until the returned function is called. */
  show(remoteName: string): () => void;
  /** Stops watching the page (tests). */
  dispose(): void;
}

const OWNER = 'data-mfe-remote';

export function createRemoteStyles(
  remotes: () => readonly AttributableRemote[],
  doc: Document = document,
): RemoteStyles {
  const onScreen = new Map<string, number>();
  const isStylesheet = (node: Node): node is HTMLLinkElement =>
    node.nodeName === 'LINK' && /(^|\s)stylesheet(\s|$)/i.test((node as HTMLLinkElement).rel);

  const ownerOf = (link: HTMLLinkElement): string | undefined => {
    if (link.hasAttribute(OWNER)) return link.getAttribute(OWNER) ?? undefined;
    const owner = remoteOfUrl(link.href, remotes());
    if (owner) link.setAttribute(OWNER, owner);
    return owner;
  };

  const apply = (link: HTMLLinkElement) => {
    const owner = ownerOf(link);
    if (!owner) return;
    const disabled = (onScreen.get(owner) ?? 0) === 0;
    if (link.sheet) link.sheet.disabled = disabled;
    // Not loaded yet: decide once it is (the load event comes before the chunk that waits for it runs).
    else if (disabled) link.addEventListener('load', () => apply(link), { once: true });
  };

  const linksOf = (name: string) =>
    [...doc.querySelectorAll<HTMLLinkElement>('link')].filter((link) => isStylesheet(link) && ownerOf(link) === name);

  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) for (const node of mutation.addedNodes) if (isStylesheet(node)) apply(node);
  });
  // Chunk loaders add their stylesheets to <head>.
  observer.observe(doc.head, { childList: true });

  return {
    show(remoteName) {
      onScreen.set(remoteName, (onScreen.get(remoteName) ?? 0) + 1);
      for (const link of linksOf(remoteName)) apply(link);
      let shown = true;
      return () => {
        if (!shown) return;
        shown = false;
        const left = (onScreen.get(remoteName) ?? 1) - 1;
        if (left > 0) onScreen.set(remoteName, left);
        else onScreen.delete(remoteName);
        for (const link of linksOf(remoteName)) apply(link);
      };
    },
    dispose: () => observer.disconnect(),
  };
}

/** A stylesheet the page asked for with a pin: what a Retry asks for again. */
export interface PinnedStylesheet {
  readonly href: string;
  readonly integrity: string;
}

const PINNED_STYLESHEETS = 'link[rel~="stylesheet"][integrity]';

/**
 * The pinned stylesheets of the page's HTML (a prerendered page's `<link integrity>`), taken when the
 * host's deferred first script runs this module: after the HTML was parsed, before any chunk loader
 * added a stylesheet of its own (whose failure it reports itself); and those `addStylesheets` adds.
 */
const checked = new WeakSet<HTMLLinkElement>(
  typeof document === 'undefined' ? [] : document.querySelectorAll<HTMLLinkElement>(PINNED_STYLESHEETS),
);

/**
 * A remote's pinned stylesheets from the page's HTML (or added again by `addStylesheets`) that did
 * not apply: refused by their pin, or failed. The chunk loader takes a `<link>` already in the page
 * as its stylesheet without looking at whether it loaded, so without this an area whose stylesheet
 * was altered would render unstyled and say nothing. Waits for each to settle (its load or error, or
 * the page's load, which waits for the stylesheets of its HTML); a settled one without a sheet is
 * refused.
 */
export async function refusedStylesheets(folder: string, doc: Document = document): Promise<HTMLLinkElement[]> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>(PINNED_STYLESHEETS)].filter(
    (link) => checked.has(link) && link.href.startsWith(folder),
  );
  await Promise.all(links.map((link) => settled(link, doc)));
  return links.filter((link) => link.sheet === null);
}

function settled(link: HTMLLinkElement, doc: Document): Promise<void> {
  const view = doc.defaultView;
  if (link.sheet || doc.readyState === 'complete' || view?.performance.getEntriesByName(link.href).length)
    return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    view?.addEventListener('load', () => resolve(), { once: true });
  });
}

/** Adds pinned stylesheets to the page again (after a Retry fetched them past the cache) and waits for each. */
export async function addStylesheets(sheets: readonly PinnedStylesheet[], doc: Document = document): Promise<void> {
  await Promise.all(
    sheets.map(
      ({ href, integrity }) =>
        new Promise<void>((resolve) => {
          const link = doc.createElement('link');
          link.rel = 'stylesheet';
          link.crossOrigin = 'anonymous';
          link.integrity = integrity;
          link.href = href;
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
          checked.add(link);
          doc.head.appendChild(link);
        }),
    ),
  );
}
