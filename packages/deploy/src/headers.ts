import type { ParsedRuntimeConfig } from '@mfe/manifest';
import rules from '@mfe/manifest/rules.json';
import { contentSecurityPolicy } from './csp';

/**
 * The one header policy of the platform: which headers each kind of file is
 * served with, by the host and by a remote's origin. nginx's config
 * (`nginx.ts`) and the development stack's Node server both read it, so
 * production and development send the same headers.
 */

/** What a requested path is, for the host's server. */
export type HostFileKind = 'page' | 'silent-callback' | 'immutable' | 'revalidate' | 'hidden' | 'error';
/** What a requested path is, for a remote's origin (a CDN path per remote version). */
export type RemoteFileKind = 'immutable' | 'revalidate' | 'hidden' | 'refused';

/** The silent sign-in's page: the only one that may be framed, and only by the host. */
export const SILENT_CALLBACK_PATH: string = rules.hostPaths.silentCallback;
export const SILENT_CALLBACK_FILE = `${SILENT_CALLBACK_PATH}.html`;

/**
 * Path patterns, written so that JavaScript and nginx (PCRE) read them alike.
 * Source maps are built (hidden) for resolving reported stack traces, and
 * never served. Content-hashed names never change, so they are cached for a
 * year; everything else (index.html, config.json, remotes.json,
 * mf-manifest.json, remoteEntry.js, host.css) is revalidated on every use.
 */
/** The kinds of file a build is made of (besides its hidden source maps), as a pattern's alternatives. */
const BUILD_FILE_TYPES = 'js|mjs|css|json|txt|png|jpe?g|gif|svg|webp|avif|ico|woff2?';

export const PATH_PATTERNS = {
  hidden: '\\.map$',
  /** The host's server build (pages rendered ahead of time are made from it), never for browsers. */
  hostHidden: '^/server/',
  immutable: `\\.[0-9a-f]{${rules.build.contentHashLength}}\\.[A-Za-z0-9]+$`,
  /** A path that names a file: never answered with the app's page when missing. */
  file: `\\.(?:${BUILD_FILE_TYPES}|map)$`,
  /**
   * The kinds of file a remote's build is made of. Nothing else under a remotes' server is served: a
   * file planted in a stored build (an HTML page, say) is never answered from the remotes' origin.
   */
  remoteFile: `\\.(?:${BUILD_FILE_TYPES})$`,
} as const;

// Compiled once; `file` ignores case, as nginx's `location ~*` for it does.
const COMPILED = Object.fromEntries(
  Object.entries(PATH_PATTERNS).map(([kind, pattern]) => [
    kind,
    new RegExp(pattern, kind === 'file' || kind === 'remoteFile' ? 'i' : ''),
  ]),
) as Record<keyof typeof PATH_PATTERNS, RegExp>;
const test = (kind: keyof typeof PATH_PATTERNS, pathname: string) => COMPILED[kind].test(pathname);

/** The kind of `pathname` on the host; `exists` tells whether it names a file of the build. */
export function hostFileKind(pathname: string, exists: boolean): HostFileKind | 'missing' {
  if (test('hidden', pathname) || test('hostHidden', pathname)) return 'hidden';
  if (pathname === SILENT_CALLBACK_PATH || pathname === SILENT_CALLBACK_FILE) return 'silent-callback';
  if (pathname === '/' || pathname === '/index.html') return 'page';
  if (exists) return test('immutable', pathname) ? 'immutable' : 'revalidate';
  // Every other path is a client-side route (odd ones included), unless it names a file.
  return test('file', pathname) ? 'missing' : 'page';
}

/**
 * A release store's remotes are served only where a build record names their version (mfe-release
 * writes `builds/<name>/<version>.json` when it publishes, and removes it with the build): a folder
 * put under `remotes/` by hand, never published, is not served. These patterns, read alike by nginx
 * (a `map`) and the development stack, say which record a path needs.
 */
export const BUILD_RECORD_PATTERNS = {
  /** A file of a published build: `/<name>/<version>/<file>`, its record `<name>/<version>.json`. */
  buildFile: '^/([^/_.][^/]*)/([^/]+)/[^/]',
  /** A preview's manifest (`/_preview/<id>.json`): its own record. */
  preview: '^/_preview/[^/]+\\.json$',
} as const;

/**
 * The build record a remotes' path needs (`<name>/<version>.json`, relative to the store's
 * `builds/`), `'itself'` for a preview's manifest, or null for a path no published build holds.
 */
export function buildRecordFor(pathname: string): string | 'itself' | null {
  if (new RegExp(BUILD_RECORD_PATTERNS.preview).test(pathname)) return 'itself';
  const match = new RegExp(BUILD_RECORD_PATTERNS.buildFile).exec(pathname);
  return match ? `${match[1]}/${match[2]}.json` : null;
}

export function remoteFileKind(pathname: string): RemoteFileKind {
  if (test('hidden', pathname)) return 'hidden';
  if (!test('remoteFile', pathname)) return 'refused';
  return test('immutable', pathname) ? 'immutable' : 'revalidate';
}

export const CACHE_CONTROL = {
  immutable: 'public, max-age=31536000, immutable',
  revalidate: 'no-cache',
} as const;

/**
 * The cache rule of an object of a release store served as it is (S3 behind a CDN): a published
 * build's files, under `remotes/<name>/<version>/`, never change once written, so every one of them
 * (its stable names included) is immutable; everything else (an environment's manifest and pages, a
 * preview's manifest, which expires and can be removed) is revalidated on every use.
 */
export function storeObjectCacheControl(key: string): string {
  return /^remotes\/[a-z0-9][^/]*\/[^/]+\/./.test(key) ? CACHE_CONTROL.immutable : CACHE_CONTROL.revalidate;
}

/** Features no page of the platform uses; remotes that need one ask for a change here. */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), browsing-topics=()';

export interface HostHeaderOptions {
  readonly config: ParsedRuntimeConfig;
  /** The host is served over HTTPS: browsers are told to keep to it (HSTS). */
  readonly https?: boolean;
  /** Development only: more CSP sources (developer overrides, a dev server's reload socket). */
  readonly extraScriptSources?: readonly string[];
  readonly extraConnectSources?: readonly string[];
}

/** Headers for a host response of `kind` (a hidden file is never served: 404). */
export function hostHeaders(kind: Exclude<HostFileKind, 'hidden'>, options: HostHeaderOptions): Record<string, string> {
  const common: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(options.https ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' } : {}),
  };
  if (kind === 'immutable' || kind === 'revalidate') return { ...common, 'Cache-Control': CACHE_CONTROL[kind] };
  const framing = kind === 'silent-callback' ? 'self' : 'none';
  return {
    ...common,
    // An error page is never kept: the next request may succeed.
    'Cache-Control': kind === 'error' ? 'no-store' : CACHE_CONTROL.revalidate,
    'Content-Security-Policy': contentSecurityPolicy(options.config, {
      framing,
      extraScriptSources: options.extraScriptSources,
      extraConnectSources: options.extraConnectSources,
    }),
    'X-Frame-Options': framing === 'none' ? 'DENY' : 'SAMEORIGIN',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
    // Prerendered pages are in the language the request asks for (@mfe/prerender's requestedPageLocale).
    ...(kind === 'page' && options.config.i18n.locales.length > 1 ? { Vary: 'Cookie, Accept-Language' } : {}),
  };
}

/**
 * Headers for a remote's file. CORS and resource timing are granted to the
 * host origins only (`allowedOrigin` is the request's Origin when it is one of
 * them): the host reads mf-manifest.json and loads scripts with integrity checks.
 */
export function remoteHeaders(
  kind: Exclude<RemoteFileKind, 'hidden' | 'refused'>,
  allowedOrigin: string | undefined,
): Record<string, string> {
  return {
    'Cache-Control': CACHE_CONTROL[kind],
    'X-Content-Type-Options': 'nosniff',
    // A remote's files are scripts, styles and data for the host's pages; opened by themselves (an
    // SVG, say) they may run nothing. The host's page is not bound by its subresources' policies.
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cross-Origin-Resource-Policy': 'cross-origin',
    Vary: 'Origin',
    // Date: the host judges a preview's expiry by the store's clock, not the device's (remotes/preview.ts).
    ...(allowedOrigin
      ? {
          'Access-Control-Allow-Origin': allowedOrigin,
          'Access-Control-Expose-Headers': 'Date',
          'Timing-Allow-Origin': allowedOrigin,
        }
      : {}),
  };
}

/**
 * The answer to a CORS preflight from an allowed origin: which methods (and request headers) it may
 * use, cached by the browser for ten minutes. Shared by every server of the platform that takes
 * cross-origin requests from the host's pages (remotes' files, the telemetry collectors).
 */
export function corsPreflightHeaders(
  allowedOrigin: string,
  methods: string,
  requestHeaders?: string,
): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': allowedOrigin,
    Vary: 'Origin',
    'Access-Control-Allow-Methods': methods,
    ...(requestHeaders ? { 'Access-Control-Allow-Headers': requestHeaders } : {}),
    'Access-Control-Max-Age': '600',
  };
}

/** A host origin as a regular expression (JavaScript and PCRE alike); `:*` stands for any port. */
export function originPattern(origin: string): string {
  return origin.endsWith(':*') ? `^${escapeRegExp(origin.slice(0, -2))}:[0-9]+$` : `^${escapeRegExp(origin)}$`;
}

/** The request's Origin if it is one of the host origins (CSP-style `:*` port wildcards allowed), else undefined. */
export function allowedCorsOrigin(
  requestOrigin: string | undefined,
  hostOrigins: readonly string[],
): string | undefined {
  if (!requestOrigin) return undefined;
  return hostOrigins.some((allowed) => new RegExp(originPattern(allowed)).test(requestOrigin))
    ? requestOrigin
    : undefined;
}

export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
