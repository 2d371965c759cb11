import type { ContributionModule } from '@mfe/context';
import type { ManifestEntry } from '../manifest';
import type { ContributionLoader, PlacedContribution } from '../remotes/contribution-loader';
import { loadContributionFrame } from './SlotOutlet';

/**
 * How long hydrating a page waits for the contributions its HTML holds. A contribution must not hold
 * the page hostage: one still loading then is rendered again by the browser once it is in (its
 * slot's part of the HTML is replaced; the rest of the page hydrates as it is).
 */
export const HELD_CONTRIBUTIONS_WAIT_MS = 3000;

/**
 * Before hydrating a page from HTML (and before rendering it ahead of time, with the server builds):
 * the contributions its HTML holds, loaded through the
 * contribution loader (the remote's chosen build, allowed origins, integrity, compatibility), with
 * their texts in the page's language, and the slot frame's code, so that the browser's first render
 * of each slot is the HTML's (no mismatch, no loading state in between). One that fails is said in
 * its slot as any failed contribution is.
 */
export async function loadHeldContributions(
  held: ReadonlyArray<Pick<PlacedContribution, 'remote' | 'module'>>,
  entries: readonly ManifestEntry[],
  contributions: Pick<ContributionLoader, 'load'>,
  prepareTexts: (remote: string, messages: ContributionModule['messages']) => Promise<unknown>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<void> {
  const placed: PlacedContribution[] = entries.flatMap((entry) =>
    (entry.contributions ?? [])
      .filter((contribution) => held.some((one) => one.remote === entry.name && one.module === contribution.module))
      .map((contribution) => ({ ...contribution, remote: entry.name })),
  );
  if (placed.length === 0) return;
  const loaded = Promise.allSettled([
    loadContributionFrame(),
    ...placed.map((contribution) =>
      contributions.load(contribution).then((module) => prepareTexts(contribution.remote, module.messages)),
    ),
  ]);
  await Promise.race([loaded, wait(HELD_CONTRIBUTIONS_WAIT_MS)]);
}
