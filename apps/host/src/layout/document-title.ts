import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { RemoteEntry } from '../manifest';

/** The page's title: the area's label (or the host page's name), then the product's. */
export function titleFor(pathname: string, productName: string, remotes: readonly Pick<RemoteEntry, 'path' | 'label'>[]): string {
  if (pathname === '/') return productName;
  const remote = remotes.find((candidate) => pathname === candidate.path || pathname.startsWith(`${candidate.path}/`));
  const page = remote?.label ?? (pathname === '/diagnostics' ? 'Diagnostics' : 'Page not found');
  return `${page} · ${productName}`;
}

/** Keeps `document.title` naming the page on every client-side navigation (screen readers announce it). */
export function useDocumentTitle(productName: string, remotes: readonly Pick<RemoteEntry, 'path' | 'label'>[]): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = titleFor(pathname, productName, remotes);
  }, [pathname, productName, remotes]);
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
