import shellSlots from './shell-slots.json';
import { createLogger } from '../logger';
import type { ManifestEntry } from '../manifest';
import { report } from '../telemetry';
import { contributionsTo, type PlacedContribution } from './contribution-loader';
import type { RemoteLoader } from './remote-loader';

const log = createLogger('slots');

/** The slots the shell offers (recorded in mfe-host.json by the build for the release's checks too). */
export const SHELL_SLOTS: readonly string[] = shellSlots;
const SHELL_OWNERS = new Set(SHELL_SLOTS.map((slot) => slot.split('.')[0]));

/**
 * Whether a contribution's slot can be offered on any page: one of the shell's, or one whose owner
 * (a slot is named owner first) is an area in the manifest and, once that area's build has been read,
 * one it recorded (`slots` in its mf-manifest.json). A contribution placed anywhere else never shows:
 * a typo in its slot's name, or an area that is not deployed.
 */
export function isOffered(
  slot: string,
  entries: readonly ManifestEntry[],
  offeredBy: (area: string) => readonly string[] | undefined,
): boolean {
  if (SHELL_SLOTS.includes(slot)) return true;
  const owner = slot.split('.')[0]!;
  if (SHELL_OWNERS.has(owner)) return false;
  const area = entries.find((entry) => entry.name === owner && entry.path !== undefined);
  if (!area) return false;
  // Not read yet (or built before builds recorded their slots): it may well offer it.
  return offeredBy(area.name)?.includes(slot) ?? true;
}

/** Every contribution the manifest places in a slot no page offers (isOffered), in the manifest's order. */
export function contributionsNobodyOffers(
  entries: readonly ManifestEntry[],
  offeredBy: (area: string) => readonly string[] | undefined,
): PlacedContribution[] {
  const slots = [...new Set(entries.flatMap((entry) => (entry.contributions ?? []).map(({ slot }) => slot)))];
  return slots.filter((slot) => !isOffered(slot, entries, offeredBy)).flatMap((slot) => contributionsTo(entries, slot));
}

/**
 * Said once a page load, as the manifest is read: each contribution placed in a slot no page offers,
 * to the console and to telemetry (attributed to its remote), so its team learns why it never shows.
 */
export function reportSlotsNobodyOffers(
  entries: readonly ManifestEntry[],
  loader: Pick<RemoteLoader, 'build' | 'describe'>,
): void {
  for (const contribution of contributionsNobodyOffers(entries, (area) => loader.build(area).slots)) {
    log.warn(
      `Remote "${contribution.remote}" places "${contribution.module}" in the slot "${contribution.slot}", which no page offers (the shell offers ${SHELL_SLOTS.join(', ')}; an area offers slots named after it). It is not shown.`,
    );
    report({
      kind: 'event',
      name: 'slot not offered',
      remote: loader.describe(contribution.remote),
      attributes: { slot: contribution.slot, module: contribution.module },
    });
  }
}
