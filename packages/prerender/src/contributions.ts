import { contributionExpose, type Contribution, type ManifestEntry } from '@mfe/manifest';
import {
  fetchText,
  labelOf,
  linkedFiles,
  loadRemoteBundle,
  readServerDescription,
  withinTimeLimit,
  type LinkedFile,
} from './remote-server-build';

/** A contribution a page's HTML may hold: its server build's module, and what its page links. */
export interface ContributionContent {
  readonly remote: string;
  readonly module: string;
  /** What its server bundle exports (a module made with `defineContribution`). */
  readonly exports: unknown;
  readonly version: string;
  readonly stylesheets: readonly LinkedFile[];
  readonly scripts: readonly LinkedFile[];
}

/**
 * Whether a contribution is the same for every visitor, so a page's HTML may hold it: shown without
 * signing in, to no particular role or scope (the HTML is rendered before anyone is known).
 */
export function isPublicContribution(contribution: Pick<Contribution, 'requiresAuth' | 'requires'>): boolean {
  return (
    contribution.requiresAuth === false &&
    !contribution.requires?.roles?.length &&
    !contribution.requires?.scopes?.length
  );
}

/**
 * Every public contribution in a manifest revision whose remote has a server build of it, fetched
 * and checked once for all pages and languages. What cannot be rendered ahead of time renders in the
 * browser, as before, and is named in `warnings`: a remote with a canary running (each browser's
 * side differs), no server build, a bundle missing or failing its sha384 or failing to load, a
 * remote that does not answer within its time limit.
 */
export async function publicContributions(
  entries: readonly ManifestEntry[],
  fetchImpl: typeof fetch,
  provided: Readonly<Record<string, unknown>>,
): Promise<{ readonly contents: ContributionContent[]; readonly warnings: string[] }> {
  // Each remote's at once, each within its own time limit: one that hangs delays none of the others.
  const read = await Promise.all(entries.map((entry) => remoteContributions(entry, fetchImpl, provided)));
  return { contents: read.flatMap((one) => one.contents), warnings: read.flatMap((one) => one.warnings) };
}

/** One remote's public contributions, or why they render in the browser. */
async function remoteContributions(
  entry: ManifestEntry,
  fetchAny: typeof fetch,
  provided: Readonly<Record<string, unknown>>,
): Promise<{ readonly contents: ContributionContent[]; readonly warnings: string[] }> {
  const contents: ContributionContent[] = [];
  const warnings: string[] = [];
  // A remote for some roles or scopes only has none of its contributions in pages for everyone.
  const listed = isPublicContribution({ requiresAuth: false, requires: entry.requires })
    ? (entry.contributions ?? []).filter(isPublicContribution)
    : [];
  if (listed.length === 0) return { contents, warnings };
  const label = labelOf(entry);
  if (entry.candidate) {
    warnings.push(
      `${entry.name}: a canary is running, so its contributions render in the browser until it ends (each browser's side differs).`,
    );
    return { contents, warnings };
  }
  const fetchImpl = withinTimeLimit(fetchAny, entry);
  try {
    const description = await readServerDescription(entry, fetchImpl);
    if (typeof description === 'string') {
      warnings.push(`${description} (its contributions too)`);
      return { contents, warnings };
    }
    const remoteManifest = JSON.parse((await fetchText(fetchImpl, entry.entry)) ?? '{}') as unknown;
    for (const contribution of listed) {
      const file = description.contributions[contribution.module];
      const exports = file ? await loadRemoteBundle(entry, file, fetchImpl, provided) : null;
      if (exports === null) {
        warnings.push(
          `${label}: its server build has no "${contribution.module}" contribution; it renders in the browser (in ${contribution.slot}).`,
        );
        continue;
      }
      const files = linkedFiles(entry, remoteManifest, contributionExpose(contribution.module));
      contents.push({ remote: entry.name, module: contribution.module, exports, ...files });
    }
  } catch (error) {
    warnings.push(
      `${label}: its contributions could not be rendered ahead of time (${(error as Error).message}); they render in the browser.`,
    );
  }
  return { contents, warnings };
}

/**
 * The files a page links for the contributions its HTML holds: every one's stylesheets (its HTML
 * must paint styled), and the scripts only of those its slot's owner expects in the first view: a
 * first load fetches nothing of one below the fold until the visitor nears it.
 */
export function heldContributionFiles(
  rendered: ReadonlyArray<{ readonly remote: string; readonly module: string; readonly firstView?: boolean }>,
  contents: readonly ContributionContent[],
): Array<Pick<ContributionContent, 'stylesheets' | 'scripts'>> {
  return rendered.flatMap((one) => {
    const files = contents.find((candidate) => candidate.remote === one.remote && candidate.module === one.module);
    if (!files) return [];
    return [{ stylesheets: files.stylesheets, scripts: one.firstView === false ? [] : files.scripts }];
  });
}
