import { createHash } from 'node:crypto';
import { telemetryOrigins, type ParsedRuntimeConfig } from '@mfe/manifest';
import { EARLY_CLICKS_SCRIPT } from '@mfe/manifest/early-clicks';

/** The page's one inline script, allowed by its hash (a hash source pins exactly these bytes; nothing else inline runs). */
export const EARLY_CLICKS_SOURCE = `'sha256-${createHash('sha256').update(EARLY_CLICKS_SCRIPT).digest('base64')}'`;

/**
 * The Content-Security-Policy the host's pages are served with, built from the
 * runtime config the host itself reads: scripts only from the host, the allowed
 * remote origins and the configured tag loader; no 'unsafe-eval', no inline
 * script but the page's early-click replay (by its hash), no inline style; network calls only to the host, the remotes, the OpenID
 * provider, the APIs and the configured telemetry. nginx (`pnpm server:config`)
 * and the development stack both call this, so they send the same policy.
 */
export interface CspOptions {
  /** Who may frame the page: nobody (the app) or the host itself (the silent sign-in page). */
  readonly framing: 'none' | 'self';
  /** Development only: more script/connect sources (developer overrides, a dev server's reload socket). */
  readonly extraScriptSources?: readonly string[];
  readonly extraConnectSources?: readonly string[];
}

export function contentSecurityPolicy(
  config: ParsedRuntimeConfig,
  { framing, extraScriptSources = [], extraConnectSources = [] }: CspOptions,
): string {
  const list = (values: readonly string[]) => [...new Set(values)].join(' ');
  const idpOrigin = new URL(config.auth.authority).origin;
  const telemetry = telemetryOrigins(config);
  const remotes = [...config.allowedRemoteOrigins, ...extraScriptSources];
  return [
    "default-src 'none'",
    `script-src ${list(["'self'", EARLY_CLICKS_SOURCE, ...remotes, ...telemetry.script])}`,
    `connect-src ${list(["'self'", ...remotes, idpOrigin, ...config.apiOrigins, ...telemetry.connect, ...extraConnectSources])}`,
    // Remotes' CSS Modules, images and fonts load from their own origins (as files, never inline).
    `style-src ${list(["'self'", ...remotes])}`,
    `img-src ${list(["'self'", 'data:', ...remotes, ...telemetry.img])}`,
    `font-src ${list(["'self'", ...remotes])}`,
    "manifest-src 'self'",
    // The silent sign-in runs the provider in a hidden iframe that lands back on this origin.
    `frame-src 'self' ${idpOrigin}`,
    `frame-ancestors ${framing === 'none' ? "'none'" : "'self'"}`,
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
}
