// The opening area's build as the boot script and the host's first script read it: from config.json
// and the manifest as they arrive, without the schemas' parser (valibot would double the boot
// script and sit on the first path), and only the fields below, with the schemas' defaults from
// rules.json. The host parses both whole once the page works and refuses what is invalid; nothing
// read here loosens a rule: an entry from an origin the config does not allow, or unpinned where
// the config requires pins, is never chosen.
// Used by the boot script (startup/boot-script.ts) as well as the first script: nothing here may import more.
import { integrityRequired, isSri } from '@mfe/manifest/remote-build';
import rules from '@mfe/manifest/rules.json';
import { storageOrNull } from '../browser-storage';
import type { ManifestEntry } from '../manifest';
import { cohortSeed, onCandidateSide } from './cohort';
import { mayLoadBeforeSession, openingRemote } from './opening';

/** A manifest entry, unparsed: each use checks what it takes. */
export interface RawEntry {
  readonly name?: unknown;
  readonly entry?: unknown;
  readonly path: string;
  readonly label?: unknown;
  readonly integrity?: unknown;
  readonly timeoutMs?: unknown;
  readonly requiresAuth?: boolean;
  readonly requires?: unknown;
  readonly candidate?: { readonly entry?: unknown; readonly integrity?: unknown; readonly percent?: unknown };
}

/** The fields of config.json read before it is parsed. */
export interface RawConfig {
  readonly manifestUrl?: unknown;
  readonly allowedRemoteOrigins?: unknown;
  readonly requireIntegrity?: unknown;
}

/** Where the manifest is, by the config (default: `runtimeFiles.manifest`). */
export function manifestUrlOf(config: RawConfig): string {
  return new URL(
    typeof config.manifestUrl === 'string' ? config.manifestUrl : rules.runtimeFiles.manifest,
    window.location.href,
  ).href;
}

/**
 * The build this browser will load, by the host's own cohort rule and seed (cohort.ts): the shell,
 * reading the same manifest, chooses the same. (The boot script is a page of its own: where storage
 * is refused, its preload may be of the other build.)
 */
export function chosenBuild(remote: RawEntry): { entry?: unknown; integrity?: unknown } {
  const { candidate } = remote;
  if (!candidate || typeof candidate.percent !== 'number' || typeof remote.name !== 'string') return remote;
  return onCandidateSide(cohortSeed(storageOrNull('localStorage')).seed, remote.name, candidate.percent)
    ? candidate
    : remote;
}

/** A build the config lets this page load: from an allowed origin, and pinned as the host will require. */
export interface AllowedBuild {
  readonly url: URL;
  readonly integrity?: string;
}

/** The chosen build's entry if the config lets it load, else undefined (the host then decides, and says why). */
export function allowedBuild(
  config: RawConfig,
  build: { entry?: unknown; integrity?: unknown },
): AllowedBuild | undefined {
  if (typeof build.entry !== 'string') return undefined;
  const allowed = [
    window.location.origin,
    ...(Array.isArray(config.allowedRemoteOrigins) ? config.allowedRemoteOrigins : []),
  ];
  const url = new URL(build.entry, window.location.href);
  if (!allowed.includes(url.origin)) return undefined;
  if (build.integrity === undefined) return integrityRequired(config) ? undefined : { url };
  return isSri(build.integrity) ? { url, integrity: build.integrity } : undefined;
}

/** The opening page's area as the manifest lists it, the build of it this browser loads, and that build's side. */
export interface OpeningBuild {
  readonly remote: RawEntry & { readonly name: string };
  readonly build: AllowedBuild;
  readonly variant: 'stable' | 'candidate';
}

/**
 * The opening page's area and its build, read from the manifest as it arrived, to fetch or load
 * before the shell has parsed it; null when the page has none, it may not load before the session
 * is known, or the config does not let the build this browser loads be loaded.
 */
export function openingBuild(config: RawConfig, manifest: unknown, pathname: string): OpeningBuild | null {
  const remotes = (manifest as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(remotes)) return null;
  const remote = openingRemote(remotes as RawEntry[], pathname);
  if (!remote || typeof remote.name !== 'string' || !mayLoadBeforeSession(remote, pathname)) return null;
  const chosen = chosenBuild(remote);
  const build = allowedBuild(config, chosen);
  if (!build) return null;
  const named = remote as RawEntry & { readonly name: string };
  return { remote: named, build, variant: chosen === remote ? 'stable' : 'candidate' };
}

/** The opening page's area as the loader takes it, and the side of its canary this browser loads. */
export interface OpeningEntry {
  readonly entry: ManifestEntry & { readonly path: string };
  readonly variant: 'stable' | 'candidate';
}

/**
 * The opening page's area as the loader takes it (`openingBuild`), with the schema's defaults. The
 * shell registers the parsed entry once it has read the manifest.
 */
export function openingEntry(config: RawConfig, manifest: unknown, pathname: string): OpeningEntry | null {
  const opening = openingBuild(config, manifest, pathname);
  if (!opening) return null;
  const { remote, build, variant } = opening;
  return {
    entry: {
      name: remote.name,
      path: remote.path,
      entry: build.url.href,
      ...(build.integrity ? { integrity: build.integrity } : {}),
      label: typeof remote.label === 'string' ? remote.label : remote.name,
      requiresAuth: remote.requiresAuth !== false,
      timeoutMs: typeof remote.timeoutMs === 'number' ? remote.timeoutMs : rules.defaults.remoteTimeoutMs,
    } as ManifestEntry & { readonly path: string },
    variant,
  };
}
