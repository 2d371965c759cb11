import type { IntlApi } from '@mfe/context';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import type { RemoteEntry } from '../manifest';
import type { AreaTitle, PageTitles } from '../page-titles';
import { shellMessages } from '../i18n/shell-messages';

/** The names of the host's own pages in the page's language. */
export interface HostPageNames {
  readonly diagnostics: string;
  readonly notFound: string;
}

export const hostPageNames = (intl: IntlApi): HostPageNames => ({
  diagnostics: intl.formatMessage(shellMessages.diagnostics),
  notFound: intl.formatMessage(shellMessages.notFoundTitle),
});

/**
 * The page's title: the area's page (when the area named it), the area's label (or the host
 * page's name), then the product's.
 */
export function titleFor(
  pathname: string,
  productName: string,
  remotes: readonly Pick<RemoteEntry, 'name' | 'path' | 'label'>[],
  names: HostPageNames,
  areaTitle: AreaTitle | null = null,
): string {
  if (pathname === '/') return productName;
  const remote = remotes.find((candidate) => pathname === candidate.path || pathname.startsWith(`${candidate.path}/`));
  const page = remote?.label ?? (pathname === '/diagnostics' ? names.diagnostics : names.notFound);
  const inner =
    remote && areaTitle?.remote === remote.name && areaTitle.title !== remote.label ? `${areaTitle.title} · ` : '';
  return `${inner}${page} · ${productName}`;
}

/** Keeps `document.title` naming the page on every client-side navigation (screen readers announce it). */
export function useDocumentTitle(
  productName: string,
  remotes: readonly Pick<RemoteEntry, 'name' | 'path' | 'label'>[],
  titles: PageTitles,
  names: HostPageNames,
): void {
  const { pathname } = useLocation();
  const areaTitle = useSyncExternalStore(titles.subscribe, titles.get, titles.get);
  const { diagnostics, notFound } = names;
  useEffect(() => {
    document.title = titleFor(pathname, productName, remotes, { diagnostics, notFound }, areaTitle);
  }, [pathname, productName, remotes, areaTitle, diagnostics, notFound]);
}

/**
 * After a client-side navigation (not the first page load), focus moves to the page's main region,
 * so keyboard and screen-reader users start at the new content instead of the link they left.
 */
export function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: false });
  }, [pathname]);
}
