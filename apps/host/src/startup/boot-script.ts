// The boot script: about a kilobyte (gzip) that index.html runs before the host's own script has
// downloaded. It starts what the first page needs in parallel with that script (decision 0010):
// the runtime config, the manifest, and the opening page's remote: its mf-manifest.json fetched
// and its entry script and module files hinted with the integrity they will be checked against.
// It only downloads: nothing of a remote runs until the host has checked the manifest entry and
// the remote's contract, as before. Anything unexpected here ends the boot script quietly; the
// host then does the same work itself and reports any problem.
// It reads config.json and the manifest without the schemas' parser (valibot would double its
// size), as remotes/opening-build.ts says; nothing read here loosens a rule.
import { SILENT_CALLBACK_PATH } from '@mfe/auth/paths';
import { tabChoicesAsked } from '../remotes/tab-choices';
import { manifestUrlOf, openingBuild, type RawConfig } from '../remotes/opening-build';
import { isSri } from '@mfe/manifest/remote-build';
import rules from '@mfe/manifest/rules.json';
import { addPreloadHints, preloadRemoteScripts } from '../remotes/preload';
import { announcePreloads, fetchEarly, hostStarted, jsonOf } from '../early-fetch';
import { storageOrNull } from '../browser-storage';
import { heldContributionInView } from '../remotes/held-in-view';

/** Where the runtime config is, as the host reads it (config.ts). */
const CONFIG_URL = rules.runtimeFiles.config;

/**
 * A prerendered page names the build of the area it holds (its data block): that build's
 * mf-manifest.json is requested at once, and its scripts are hinted in the page itself, so nothing
 * waits for the config and manifest (nor for the host's script to have run, which would hold up
 * the rest of this script's work).
 */
function pageArea(data: RawPageData | null): string | undefined {
  const entry = data?.entry;
  return typeof entry === 'string' && entry.endsWith('.json') ? new URL(entry, window.location.href).href : undefined;
}

/** The page's data block (a prerendered page), unread: each use checks what it takes. */
type RawPageData = { entry?: unknown; contributions?: unknown };

function pageData(): RawPageData | null {
  try {
    return JSON.parse(document.getElementById(rules.pages.dataElementId)?.textContent ?? 'null') as RawPageData | null;
  } catch {
    return null;
  }
}

/** A contribution the page's HTML holds in view: its remote's entry and its scripts, as the page names them. */
interface HeldInView {
  readonly entry: string;
  readonly scripts: ReadonlyArray<{ readonly href: string; readonly integrity?: string }>;
}

const isScript = (script: { href?: unknown; integrity?: unknown } | null) =>
  typeof script?.href === 'string' && (script.integrity === undefined || isSri(script.integrity));

/**
 * The contributions the page's HTML holds in the viewport (measured: the HTML is laid out, its
 * stylesheets in), as the page's data names them; those below the fold wait for the host.
 */
function contributionsInView(data: RawPageData | null): HeldInView[] {
  const held = data?.contributions;
  if (!Array.isArray(held)) return [];
  return held
    .filter(
      (one: { remote?: unknown; module?: unknown; entry?: unknown; scripts?: unknown }) =>
        typeof one?.entry === 'string' &&
        one.entry.endsWith('.json') &&
        typeof one.remote === 'string' &&
        typeof one.module === 'string' &&
        Array.isArray(one.scripts) &&
        one.scripts.every(isScript) &&
        heldContributionInView(one.remote, one.module),
    )
    .map((one: HeldInView) => ({ ...one, entry: new URL(one.entry, window.location.href).href }));
}

/**
 * Each in-view contribution: its scripts hinted with their pins now, while the host's script is still
 * on its way or about to run (a hint made after reading its remote's manifest would wait for that
 * run), and its remote's mf-manifest.json requested for the host.
 */
function startContributionsInView(held: readonly HeldInView[], pageEntry: string | undefined): void {
  addPreloadHints(
    held.flatMap((one) =>
      one.scripts.map(({ href, integrity }) => ({
        url: new URL(href, window.location.href).href,
        as: 'script' as const,
        ...(integrity ? { integrity } : {}),
      })),
    ),
  );
  for (const entry of new Set(held.map((one) => one.entry)))
    if (entry !== pageEntry) fetchEarly(entry, { cache: 'no-cache' }).catch(() => undefined);
}

function boot(): Promise<void> {
  const { pathname } = window.location;
  if (pathname === SILENT_CALLBACK_PATH || hostStarted()) return Promise.resolve();
  let areaRequested = () => {};
  const requested = new Promise<void>((resolve) => (areaRequested = resolve));
  // Read once: the page's data block (a prerendered page's, else none).
  const data = pageData();
  const booted = bootPage(pathname, data, areaRequested).finally(areaRequested);
  // Unless the page's HTML named its area (requested at once), the host waits for this.
  if (!pageArea(data)) announcePreloads(requested);
  return booted;
}

/** `areaRequested` is called once the opening area's first files are asked for (if they are). */
async function bootPage(pathname: string, data: RawPageData | null, areaRequested: () => void): Promise<void> {
  const pageEntry = pageArea(data);
  // A preview or overrides replace the manifest's entries: the host reads those itself.
  const tabChoices = tabChoicesAsked(window.location.href, storageOrNull('sessionStorage'));
  // (Not hinted in the page: Chromium does not hand a cross-origin fetch hint to this request.)
  if (!tabChoices) {
    if (pageEntry) fetchEarly(pageEntry, { cache: 'no-cache' }).catch(() => undefined);
    startContributionsInView(contributionsInView(data), pageEntry);
  }
  // The config and the manifest the page preloads are read together (one round trip, not two).
  const preloaded = document.querySelector<HTMLLinkElement>(
    `link[rel="preload"][as="fetch"][href$=".json"]:not([href="${CONFIG_URL}"])`,
  )?.href;
  const early = preloaded ? fetchEarly(preloaded, { cache: 'no-cache' }).then(jsonOf) : undefined;
  // Read only when the config names it; never an unhandled rejection when it is not (or the page is left).
  early?.catch(() => undefined);
  const config = (await fetchEarly(CONFIG_URL, { cache: 'no-cache' }).then(jsonOf)) as RawConfig;
  const manifestUrl = manifestUrlOf(config);
  const manifest = (await (manifestUrl === preloaded && early
    ? early
    : fetchEarly(manifestUrl, { cache: 'no-cache' }).then(jsonOf))) as unknown;
  if (tabChoices) return;
  // Only from an origin the config allows, pinned as the host will require (it refuses any other entry anyway).
  const build = openingBuild(config, manifest, pathname)?.build;
  // The prerendered page asked for it already, and hints its scripts.
  if (!build || build.url.href === pageEntry) return;
  const entry = { entry: build.url.href, integrity: build.integrity };
  if (!build.url.pathname.endsWith('.json')) {
    preloadRemoteScripts(entry, undefined);
    areaRequested();
    return;
  }
  // The entry script and the remote's mf-manifest.json together; its module files once it is in.
  const remoteManifest = fetchEarly(entry.entry, { cache: 'no-cache' }).then(jsonOf);
  preloadRemoteScripts(entry, undefined);
  areaRequested();
  preloadRemoteScripts(entry, await remoteManifest);
}

boot().catch(() => undefined);
