import type { ManifestPolicy } from '@mfe/manifest';
import type { HostConfig } from '../config';
import { fetchEarlyOr } from '../early-fetch';
import { createLogger } from '../logger';
import { entriesOf, hasArea, loadManifest, parseManifest, type ManifestEntry, type ParsedManifest } from '../manifest';
import { storageOrNull } from '../browser-storage';
import { chooseBuilds, cohortSeed, type BuildChoice } from './cohort';
import type { Overrides } from './overrides';
import type { PreviewResult } from './preview';
import { leavePreview, tabChoicesAsked } from './tab-choices';
import type { RemoteLoader } from './remote-loader';

const log = createLogger('host');

/** The manifest this page runs: one build of each remote, as this browser's cohort, a preview and overrides choose. */
export interface ComposedManifest extends ParsedManifest {
  readonly overrides: Overrides;
  readonly builds: Readonly<Record<string, BuildChoice>>;
  readonly preview: PreviewResult | undefined;
}

/**
 * The page's manifest, composed as a list of steps: read (a preview link's, else the environment's),
 * one build of each remote for this browser (a canary's side by its cohort, a preview's branch build),
 * a developer's overrides, and registered with the loader (which keeps a build that began loading).
 */
export async function composeManifest(
  config: HostConfig,
  loader: RemoteLoader,
  onComposed: (entries: readonly ManifestEntry[]) => void,
): Promise<ComposedManifest> {
  const policy: ManifestPolicy = {
    allowedOrigins: [window.location.origin, ...config.allowedRemoteOrigins],
    requireIntegrity: config.requireIntegrity,
  };
  const choices = await tabChoicesCode();
  const { loaded, preview } = await readManifest(config, policy, choices);
  const chosen = chooseBuildsForThisBrowser(loaded, preview);
  const overrides = choices?.readOverrides(choices.policyOf(config), chosen.remotes) ?? {};
  if (Object.keys(overrides).length > 0) log.warn('Developer overrides are active for this session.', overrides);
  const composed = choices ? choices.applyOverrides(chosen.remotes, overrides) : chosen.remotes;
  // As the page holds them: the opening area keeps the build the first script began loading.
  const all = loader.register(composed, chosen.choices);
  onComposed(all);
  const manifest: ComposedManifest = {
    ...loaded,
    remotes: all.filter(hasArea),
    contributors: all.filter((entry) => !hasArea(entry)),
    overrides,
    builds: chosen.choices,
    preview,
  };
  return manifest;
}

type TabChoicesCode = typeof import('./tab-choices-code');

/** The code of previews and overrides, downloaded only by a tab that asked for either (most never do). */
async function tabChoicesCode(): Promise<TabChoicesCode | undefined> {
  if (!tabChoicesAsked(window.location.href, storageOrNull('sessionStorage'))) return undefined;
  return import(/* webpackChunkName: "tab-choices" */ './tab-choices-code');
}

/** A preview link's manifest, read from the release store only (preview.ts); else the environment's. */
async function readManifest(
  config: HostConfig,
  policy: ManifestPolicy,
  choices: TabChoicesCode | undefined,
): Promise<{ loaded: ParsedManifest; preview: PreviewResult | undefined }> {
  const previewId = choices?.requestedPreview(window.location, window.history, storageOrNull('sessionStorage'));
  const preview = choices && previewId ? await choices.loadPreview(config, previewId) : undefined;
  // A refused link is said on this page only; the tab's next load is simply live.
  if (preview?.kind === 'refused') leavePreview(storageOrNull('sessionStorage'));
  const loaded =
    preview?.kind === 'active'
      ? parseManifest(preview.manifest, policy)
      : // What the boot script (startup/boot-script.ts) already requested is taken from it, not asked again.
        await loadManifest(config.manifestUrl, policy, fetchEarlyOr());
  return { loaded, preview };
}

/**
 * The stable or the candidate build of each canary, as this browser's cohort says (cohort.ts), kept
 * until the next full page load even if the manifest changes meanwhile; a preview's branch build for
 * its remote. Remotes that only contribute to slots go the same way: one build of each per browser.
 */
function chooseBuildsForThisBrowser(loaded: ParsedManifest, preview: PreviewResult | undefined) {
  const chosen = chooseBuilds(entriesOf(loaded), () => cohortSeed(storageOrNull('localStorage')));
  if (preview?.kind === 'active')
    chosen.choices = {
      ...chosen.choices,
      [preview.remote]: { variant: 'preview', version: preview.version, expiresAt: preview.expiresAt },
    };
  return chosen;
}
