import { entriesOf, type ParsedManifest, type RemoteEntry } from '../manifest';
import type { PageLocale } from '../i18n/page-locale';
import type { RemoteLoader } from '../remotes/remote-loader';
import type { ContributionLoader, PlacedContribution } from '../remotes/contribution-loader';
import { heldContributionInView } from '../remotes/held-in-view';
import { holdPrerendered } from '../areas/held-contributions';
import type { PageData } from './page-data';

/**
 * Whether the page's HTML can be hydrated: the shell alone always can; an area's content only with
 * the build it was rendered from (a newer revision or this browser's canary side render afresh) and
 * once that build's code is here (hydration needs it; until then the HTML is what the visitor sees).
 */
export async function canHydrate(
  page: PageData,
  remotes: readonly RemoteEntry[],
  loader: Pick<RemoteLoader, 'load'>,
): Promise<boolean> {
  if (page.remote === undefined) return true;
  const remote = remotes.find((candidate) => candidate.name === page.remote);
  if (!remote || remote.entry !== page.entry) return false;
  return loader.load(remote.name).then(
    () => true,
    () => false,
  );
}

/**
 * Before the first render: whether the prerendered page (if it is one) is hydrated, and what its first
 * render needs. A prerendered page is hydrated in the language it was rendered in, with its area's
 * texts and the contributions it holds (so the first render is the HTML); a page rendered in the
 * browser starts in the visitor's language (`started`), as does a prerendered page that cannot be
 * hydrated.
 */
export async function prepareFirstRender(
  page: PageData | null,
  {
    manifest,
    loader,
    contributions,
    locale,
    started,
    inFirstView = (contribution) => heldContributionInView(contribution.remote, contribution.module),
  }: {
    readonly manifest: Pick<ParsedManifest, 'remotes' | 'contributors'>;
    readonly loader: Pick<RemoteLoader, 'load' | 'loadedModule'>;
    readonly contributions: Pick<ContributionLoader, 'load'>;
    readonly locale: Pick<PageLocale, 'prepareArea' | 'start'>;
    /** The page's language begun: the HTML's for a prerendered page, else the visitor's. */
    readonly started: Promise<unknown>;
    /** Whether a contribution the HTML holds is in the first view: measured on the page. */
    readonly inFirstView?: (contribution: PlacedContribution) => boolean;
  },
): Promise<boolean> {
  const hydrate = page !== null && (await canHydrate(page, manifest.remotes, loader));
  if (!hydrate) {
    await (page ? locale.start() : started);
    return false;
  }
  await started;
  holdPrerendered(
    page.contributions ?? [],
    entriesOf(manifest),
    contributions,
    (remote, messages) => locale.prepareArea(remote, messages),
    inFirstView,
  );
  if (page.remote) await locale.prepareArea(page.remote, loader.loadedModule(page.remote)?.messages);
  return true;
}
