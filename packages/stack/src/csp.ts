/**
 * The Content-Security-Policy the host is served with. Scripts only from the
 * host and the allowed remote origins, no 'unsafe-eval', no inline scripts;
 * network calls only to the host, the remotes, the OpenID provider and the
 * APIs. A deployment sets the same header at its CDN, from the same lists.
 */
export interface CspSources {
  readonly remoteOrigins: readonly string[];
  readonly idpOrigin: string;
  readonly apiOrigins: readonly string[];
  /** Development only: live-reload sockets of remotes served by a dev server (`ws://…`). */
  readonly devSockets?: readonly string[];
}

export function contentSecurityPolicy({ remoteOrigins, idpOrigin, apiOrigins, devSockets = [] }: CspSources): string {
  const unique = (values: readonly string[]) => [...new Set(values)].join(' ');
  return [
    "default-src 'none'",
    `script-src 'self' ${unique(remoteOrigins)}`,
    `connect-src 'self' ${unique([...remoteOrigins, idpOrigin, ...apiOrigins, ...devSockets])}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    // The silent sign-in runs the provider in a hidden iframe that lands back on this origin.
    `frame-src 'self' ${idpOrigin}`,
    "frame-ancestors 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
}
