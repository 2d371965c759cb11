import { useEffect } from 'react';
import { Link, NavLink, useNavigate, type LinkProps, type NavLinkProps } from 'react-router';
import { areaPath } from './area-path';
import { useRemote } from './provider';
import type { NavigateOptions } from './types';

// Links inside a feature area, written from the area's root wherever the host mounts it and however
// deep the current page is: `<AreaLink to="userinfo">` is `/account/userinfo` from `/account`,
// `/account/userinfo` and `/account/a/b` alike (react-router's relative `to` would depend on the page).

/** A path inside this area: `useAreaHref()('userinfo')` → `/account/userinfo`. Since 1.4.0. */
export function useAreaHref(): (to: string) => string {
  const { basePath } = useRemote();
  return (to) => areaPath(basePath, to);
}

export interface AreaLinkProps extends Omit<LinkProps, 'to' | 'relative'> {
  /** A path from the area's root (`''` is the area's first page). */
  readonly to: string;
}

/** react-router's `Link`, with `to` from this area's root. Since 1.4.0. */
export function AreaLink({ to, ...props }: AreaLinkProps) {
  return <Link {...props} to={useAreaHref()(to)} />;
}

export interface AreaNavLinkProps extends Omit<NavLinkProps, 'to' | 'relative'> {
  /** A path from the area's root (`''` is the area's first page). */
  readonly to: string;
}

/**
 * react-router's `NavLink` from this area's root: the link of the page on screen gets
 * `aria-current="page"` (and the `active` class). The area's root link matches only the root
 * itself unless `end={false}`. Since 1.4.0.
 */
export function AreaNavLink({ to, end, ...props }: AreaNavLinkProps) {
  const { basePath } = useRemote();
  const href = areaPath(basePath, to);
  return <NavLink {...props} to={href} end={end ?? href === basePath} />;
}

/** Navigates inside this area from code, as `useRemote().navigate` does. Since 1.4.0. */
export function useAreaNavigate(): (to: string, options?: NavigateOptions) => void {
  const href = useAreaHref();
  const navigate = useNavigate();
  return (to, options) => void navigate(href(to), options);
}

/**
 * Names the page on screen inside the area: the document title becomes `<title> · <area label> ·
 * <product>` while the component is mounted (screen readers announce it on navigation). Since 1.4.0.
 */
export function usePageTitle(title: string | null | undefined): void {
  const { setTitle } = useRemote();
  useEffect(() => {
    if (!title) return undefined;
    setTitle(title);
    return () => setTitle(null);
  }, [setTitle, title]);
}
