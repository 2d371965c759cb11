import type { ManifestEntry } from '@mfe/manifest';

/**
 * Which side of each canary this browser is on.
 *
 * A manifest entry may carry a candidate build for a share of browsers (schema version 2). Each
 * browser draws one random seed the first time it meets a candidate and keeps it in localStorage
 * (`mfe.cohort`), so it stays on the same side across reloads and tabs; the side for a remote is a
 * hash of the seed and the remote's name, so canaries of different remotes are independent, and
 * raising a share only adds browsers (nobody on the candidate goes back when it grows).
 *
 * The seed is random, says nothing about the person, is never sent anywhere (telemetry carries
 * only the side, "stable" or "candidate") and exists only to deliver the version of the app they
 * are served: storage needed for the service itself, kept without asking (decision 0013). Where
 * storage is refused, the browser draws a seed per page load, once: the first script's choice of
 * the opening area's build and the shell's choice of every build read the same one.
 */
export const COHORT_KEY = 'mfe.cohort';

export type BuildChoice =
  | { readonly variant: 'stable' }
  | { readonly variant: 'preview'; readonly version: string; readonly expiresAt: string }
  | {
      readonly variant: 'candidate' | 'stable';
      readonly percent: number;
      readonly bucket: number;
      readonly kept: boolean;
    };

type SeedStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** This browser's seed: kept if storage allows, else the one drawn for this page (kept: false). */
export function cohortSeed(
  storage: SeedStorage | null,
  random: () => string = drawnForThisPage,
): { seed: string; kept: boolean } {
  try {
    const existing = storage?.getItem(COHORT_KEY);
    if (existing && /^[0-9a-f]{16}$/.test(existing)) return { seed: existing, kept: true };
    const seed = random();
    storage?.setItem(COHORT_KEY, seed);
    return { seed, kept: storage !== null };
  } catch {
    return { seed: random(), kept: false };
  }
}

let pageDraw: string | undefined;
const drawnForThisPage = (): string => (pageDraw ??= randomSeed());

function randomSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Where a browser falls for a remote, from 0 (inclusive) to 100 (exclusive), in steps of 0.01. */
export function bucketOf(seed: string, remote: string): number {
  // FNV-1a (32 bit): small, fast and spread evenly enough for shares in whole percents.
  let hash = 0x811c9dc5;
  for (const char of `${seed}:${remote}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % 10_000) / 100;
}

/** Whether a browser at this seed loads a remote's candidate at this share: the one rule of sides. */
export const onCandidateSide = (seed: string, remote: string, percent: number): boolean =>
  bucketOf(seed, remote) < percent;

/**
 * The build each remote is loaded from on this page: the candidate where this browser falls
 * within its share, otherwise the stable one. The seed is read (or drawn) only when some entry
 * has a candidate.
 */
export function chooseBuilds<T extends ManifestEntry>(
  remotes: readonly T[],
  seed: () => { seed: string; kept: boolean },
): { remotes: T[]; choices: Record<string, BuildChoice> } {
  const choices: Record<string, BuildChoice> = {};
  let drawn: { seed: string; kept: boolean } | undefined;
  const chosen = remotes.map((remote): T => {
    const { candidate, ...rest } = remote;
    // The entry without its candidate: what this browser loads (`candidate` is optional in every entry type).
    const stable = rest as T;
    if (!candidate) {
      choices[remote.name] = { variant: 'stable' };
      return stable;
    }
    drawn ??= seed();
    const bucket = bucketOf(drawn.seed, remote.name);
    const onCandidate = onCandidateSide(drawn.seed, remote.name, candidate.percent);
    choices[remote.name] = {
      variant: onCandidate ? 'candidate' : 'stable',
      percent: candidate.percent,
      bucket,
      kept: drawn.kept,
    };
    return onCandidate
      ? { ...stable, entry: candidate.entry, ...(candidate.integrity ? { integrity: candidate.integrity } : {}) }
      : stable;
  });
  return { remotes: chosen, choices };
}

/** For /diagnostics: which build this browser got and why. */
export function describeChoice(choice: BuildChoice | undefined): string {
  if (choice?.variant === 'preview') return `preview of ${choice.version} (until ${choice.expiresAt})`;
  if (!choice || !('percent' in choice)) return 'stable (no canary)';
  const side =
    choice.variant === 'candidate'
      ? `candidate (canary at ${choice.percent} %`
      : `stable (a canary is at ${choice.percent} %`;
  return `${side}; this browser is at ${choice.bucket.toFixed(2)}${choice.kept ? '' : ', drawn for this page only'})`;
}
