import { PlatformError } from '@mfe/context';
import type { HostConfig } from '../config';
import type { ManifestEntry } from '../manifest';
import { OVERRIDES_KEY } from './tab-choices';

/**
 * Developer overrides: for one browser session, load a remote from another
 * build (a local `pnpm dev` or a preview deployment) in a running host —
 * production builds included — without changing its manifest. Off unless the
 * runtime config enables it, only to allowlisted origins, always announced by
 * a banner with a reset.
 */

export type Overrides = Readonly<Record<string, string>>;

export interface OverridePolicy {
  readonly enabled: boolean;
  readonly allowedOrigins: readonly string[];
}

export function policyOf(config: Pick<HostConfig, 'overrides'>): OverridePolicy {
  return config.overrides ?? { enabled: false, allowedOrigins: [] };
}

/** Whether `origin` matches one of the allowed origins (`http://localhost:*` allows any port). */
export function originAllowed(origin: string, allowed: readonly string[]): boolean {
  return allowed.some((pattern) => {
    if (!pattern.endsWith(':*')) return pattern === origin;
    const base = pattern.slice(0, -2);
    return origin === base || (origin.startsWith(`${base}:`) && /^\d+$/.test(origin.slice(base.length + 1)));
  });
}

/** Checks one requested override; throws a `PlatformError` saying why it is refused. Makes no request. */
export function checkOverride(
  policy: OverridePolicy,
  remotes: readonly ManifestEntry[],
  name: string,
  entry: string,
): string {
  if (!policy.enabled)
    throw new PlatformError(
      'OVERRIDE_REFUSED',
      'Overrides are off for this host (its runtime config does not enable them).',
    );
  if (!remotes.some((remote) => remote.name === name))
    throw new PlatformError('OVERRIDE_REFUSED', `There is no remote named "${name}" in this host's manifest.`);
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    throw new PlatformError(
      'OVERRIDE_REFUSED',
      `"${entry}" is not an absolute URL. Give the URL of the build's mf-manifest.json, e.g. http://localhost:3001/mf-manifest.json.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new PlatformError('OVERRIDE_REFUSED', `"${entry}" is not an http(s) URL.`);
  if (!originAllowed(url.origin, policy.allowedOrigins)) {
    throw new PlatformError(
      'OVERRIDE_REFUSED',
      `Refused: ${url.origin} is not an allowed override origin (allowed: ${policy.allowedOrigins.join(', ') || 'none'}).`,
    );
  }
  return url.href;
}

/** The overrides held for this browser session that are still allowed; the others are dropped. */
export function readOverrides(
  policy: OverridePolicy,
  remotes: readonly ManifestEntry[],
  storage: Storage = sessionStorage,
): Overrides {
  if (!policy.enabled) return {};
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(OVERRIDES_KEY) ?? '{}');
  } catch {
    stored = {};
  }
  const valid: Record<string, string> = {};
  for (const [name, entry] of Object.entries(stored && typeof stored === 'object' ? stored : {})) {
    try {
      valid[name] = checkOverride(policy, remotes, name, String(entry));
    } catch {
      // Config or manifest changed since it was set: it no longer applies.
    }
  }
  return valid;
}

export function saveOverride(name: string, entry: string, storage: Storage = sessionStorage): void {
  let current: Record<string, string> = {};
  try {
    current = JSON.parse(storage.getItem(OVERRIDES_KEY) ?? '{}') as Record<string, string>;
  } catch {
    current = {};
  }
  storage.setItem(OVERRIDES_KEY, JSON.stringify({ ...current, [name]: entry }));
}

/** The manifest's remotes with the overrides applied (an overridden remote is not pinned: its build differs). */
export function applyOverrides<T extends ManifestEntry>(remotes: readonly T[], overrides: Overrides): T[] {
  return remotes.map((remote) => {
    const entry = overrides[remote.name];
    if (!entry) return remote;
    const { integrity: _pinned, ...rest } = remote;
    return { ...rest, entry } as T;
  });
}
