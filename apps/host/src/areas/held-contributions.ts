import type { ContributionModule } from '@mfe/context';
import type { ManifestEntry } from '../manifest';
import { contributionKey, type ContributionLoader, type PlacedContribution } from '../remotes/contribution-loader';
import { withTexts, type PrepareTexts } from './use-remote-load';

type Held = Pick<PlacedContribution, 'remote' | 'module'>;

/** The contributions a page's data names, as the manifest places them now (one it no longer places is left out). */
function placedOf(held: readonly Held[], entries: readonly ManifestEntry[]): PlacedContribution[] {
  return entries.flatMap((entry) =>
    (entry.contributions ?? [])
      .filter((contribution) => held.some((one) => one.remote === entry.name && one.module === contribution.module))
      .map((contribution) => ({ ...contribution, remote: entry.name })),
  );
}

/** A contribution's module, once its texts in the page's language are in too (a render needs both). */
export const loadWithTexts = (
  contribution: PlacedContribution,
  contributions: Pick<ContributionLoader, 'load'>,
  prepareTexts: PrepareTexts,
) => withTexts(contribution.remote, contributions.load(contribution), prepareTexts);

/**
 * Before rendering a page ahead of time: the public contributions it may hold, from the server
 * builds, with their texts, so that a slot renders them at once.
 */
export async function loadHeldContributions(
  held: readonly Held[],
  entries: readonly ManifestEntry[],
  contributions: Pick<ContributionLoader, 'load'>,
  prepareTexts: PrepareTexts,
): Promise<void> {
  await Promise.allSettled(
    placedOf(held, entries).map((contribution) => loadWithTexts(contribution, contributions, prepareTexts)),
  );
}

// Keys of the contributions whose HTML this page holds and whose frames have not mounted yet.
const heldPrerendered = new Set<string>();

/**
 * Before hydrating a prerendered page: the contributions its HTML holds are marked so that their
 * frames hydrate them as they are (each as its own boundary, once its code is in: selective
 * hydration), and those in the first view start loading now, beside the page's own code. The others
 * load as any contribution does, once the first view is in, when they near the viewport or when the
 * browser is idle, so a first load downloads nothing of a contribution below the fold. Nothing here
 * holds hydration back.
 */
export function holdPrerendered(
  held: readonly Held[],
  entries: readonly ManifestEntry[],
  contributions: Pick<ContributionLoader, 'load'>,
  prepareTexts: PrepareTexts,
  inFirstView: (contribution: PlacedContribution) => boolean,
): void {
  for (const contribution of placedOf(held, entries)) {
    heldPrerendered.add(contributionKey(contribution));
    if (inFirstView(contribution)) loadWithTexts(contribution, contributions, prepareTexts).catch(() => undefined);
  }
}

/** Whether the page's HTML holds this contribution and its frame has yet to take it over. */
export const isHeldPrerendered = (contribution: PlacedContribution): boolean =>
  heldPrerendered.has(contributionKey(contribution));

/** Its frame has mounted: a later render of the slot (another page) is the browser's own. */
export const releaseHeld = (contribution: PlacedContribution): void => {
  heldPrerendered.delete(contributionKey(contribution));
};

/** A held contribution's code: `start` loads it; `code` resolves with it, `failed` if it cannot load. */
export type HeldCode = {
  readonly code: Promise<ContributionModule>;
  readonly failed: Promise<void>;
  readonly start: () => void;
};

/**
 * What a frame holding a contribution's HTML waits on. `code` never rejects: a failure is said by
 * the frame (its notice replaces the HTML), not thrown into the boundary as a render error.
 */
export function heldCode(
  contribution: PlacedContribution,
  contributions: Pick<ContributionLoader, 'load'>,
  locale: { prepareArea: PrepareTexts },
): HeldCode {
  let loaded: (module: ContributionModule) => void = () => undefined;
  let failedNow: () => void = () => undefined;
  const code = new Promise<ContributionModule>((resolve) => (loaded = resolve));
  const failed = new Promise<void>((resolve) => (failedNow = resolve));
  let started = false;
  return {
    code,
    failed,
    start: () => {
      if (started) return;
      started = true;
      loadWithTexts(contribution, contributions, (remote, messages) => locale.prepareArea(remote, messages)).then(
        loaded,
        failedNow,
      );
    },
  };
}
