import type { Apps } from './rigs';
import {
  areaWorks,
  coldLoad,
  firstTileWorks,
  interactiveLoad,
  navigation,
  reloadDeepLink,
  reloadInteractive,
  reloadPublicPage,
  repeatVisit,
  signedInShell,
  type Scenario,
} from './scenarios';

/** One comparison: its name (what `--only` and the budgets match), what it says while it runs, the two systems, the scenario (and the reference's, if different). */
export interface Measurement {
  readonly name: string;
  readonly says: string;
  readonly measured: keyof Apps;
  readonly against: keyof Apps;
  readonly scenario: Scenario;
  readonly referenceScenario?: Scenario;
}

/** What `pnpm bench` measures, in order, on every profile. */
export const PLAN: readonly Measurement[] = [
  {
    name: 'public page, cold',
    says: 'the public page (prerendered) vs a plain React page',
    measured: 'visitor',
    against: 'plainPage',
    scenario: coldLoad,
  },
  // What a first paint can reach here at all: the same page with no script. Scripts never delay the paint.
  {
    name: 'public page painted vs the page without its scripts',
    says: 'the public page (prerendered) vs its HTML and stylesheets alone (its scripts taken out), until its content is painted',
    measured: 'visitor',
    against: 'htmlAlone',
    scenario: coldLoad,
  },
  // The goal: when the page works (its first click answered), against the plain React page and
  // against the peers a team would pick instead, each measured here against the plain page too.
  {
    name: 'public page interactive',
    says: "the public page's area interactive (prerendered) vs a plain React page's button",
    measured: 'visitor',
    against: 'plainPage',
    scenario: interactiveLoad,
  },
  {
    name: 'public page rendered in the browser, interactive',
    says: "the public page's area interactive (rendered in the browser) vs a plain React page's button",
    measured: 'visitorClient',
    against: 'plainPage',
    scenario: interactiveLoad,
  },
  {
    name: 'single-spa interactive',
    says: 'single-spa with SystemJS and an import map vs the plain React page, until the button works',
    measured: 'singleSpaPage',
    against: 'plainPage',
    scenario: interactiveLoad,
  },
  {
    name: 'Module Federation example interactive',
    says: "Module Federation's dynamic-remotes example vs the plain React page, until the button works",
    measured: 'mfExamplePage',
    against: 'plainPage',
    scenario: interactiveLoad,
  },
  {
    name: 'public page interactive vs single-spa',
    says: "the public page's area interactive (prerendered) vs single-spa's page",
    measured: 'visitor',
    against: 'singleSpaPage',
    scenario: interactiveLoad,
  },
  {
    name: 'public page interactive vs the Module Federation example',
    says: "the public page's area interactive (prerendered) vs Module Federation's dynamic-remotes example",
    measured: 'visitor',
    against: 'mfExamplePage',
    scenario: interactiveLoad,
  },
  {
    name: 'public page rendered in the browser, interactive vs single-spa',
    says: "the public page's area interactive (rendered in the browser) vs single-spa's page",
    measured: 'visitorClient',
    against: 'singleSpaPage',
    scenario: interactiveLoad,
  },
  {
    name: 'public page rendered in the browser, interactive vs the Module Federation example',
    says: "the public page's area interactive (rendered in the browser) vs Module Federation's dynamic-remotes example",
    measured: 'visitorClient',
    against: 'mfExamplePage',
    scenario: interactiveLoad,
  },
  // No budget: what the fixed choices alone cost (no code of the platform's own), and what one
  // pinned federated remote costs on top of them (decision 0017's floor).
  {
    name: 'fixed choices interactive',
    says: 'the plain page on the fixed choices vs the plain React page, until the button works',
    measured: 'fixedChoicesPage',
    against: 'plainPage',
    scenario: interactiveLoad,
  },
  {
    name: 'federated floor interactive',
    says: 'the federated floor (one pinned remote) vs the plain page on the fixed choices, until the button works',
    measured: 'federatedFloor',
    against: 'fixedChoicesPage',
    scenario: interactiveLoad,
  },
  {
    name: 'signed-in page shell',
    says: "a signed-in page's shell (prerendered) vs a plain React page's content",
    measured: 'hostDpop',
    against: 'plainPage',
    scenario: signedInShell,
    referenceScenario: coldLoad,
  },
  {
    name: 'public page rendered in the browser, cold',
    says: 'the public page rendered in the browser vs a plain React page',
    measured: 'visitorClient',
    against: 'plainPage',
    scenario: coldLoad,
  },
  {
    name: 'signed-in reload vs public reload',
    says: "a signed-in reload vs the public page's reload (rendered in the browser)",
    measured: 'hostDpop',
    against: 'visitorClient',
    scenario: reloadDeepLink,
    referenceScenario: reloadPublicPage,
  },
  {
    name: 'signed-in reload vs public reload, area interactive',
    says: "a signed-in reload of the area's page vs the same public page reloaded by a visitor, until its button works",
    measured: 'hostDpop',
    against: 'visitor',
    scenario: reloadInteractive,
  },
  {
    name: "signed-in reload vs the federated floor's reload, area interactive",
    says: "a signed-in reload of the area's page vs the federated floor (prerendered) reloaded, until its button works",
    measured: 'hostDpop',
    against: 'federatedFloorPrerendered',
    scenario: reloadInteractive,
  },
  {
    name: '10 contributions vs 1',
    says: 'a home page of 10 contributions from 5 remotes vs one of 1, until its first tile works',
    measured: 'tenTilesPage',
    against: 'oneTilePage',
    scenario: firstTileWorks,
  },
  {
    name: 'area in its own root vs in the host tree',
    says: "an area on React 18 in a root of its own vs the same area in the host's tree, until its button works",
    measured: 'ownRootArea',
    against: 'treeArea',
    scenario: areaWorks('/older-react'),
    referenceScenario: areaWorks('/in-tree'),
  },
  { name: 'cold load', says: 'cold loads', measured: 'host', against: 'baseline', scenario: coldLoad },
  {
    name: 'navigation to 2nd remote',
    says: 'client-side navigation',
    measured: 'host',
    against: 'baseline',
    scenario: navigation,
  },
  { name: 'repeat visit', says: 'repeat visits', measured: 'host', against: 'baseline', scenario: repeatVisit },
  { name: '50 vs 2 remotes', says: '50 vs 2 remotes', measured: 'host50', against: 'host', scenario: coldLoad },
  {
    name: 'signed-in reload of a deep link',
    says: 'signed-in reloads, DPoP vs iframe',
    measured: 'hostDpop',
    against: 'hostIframe',
    scenario: reloadDeepLink,
  },
];

/** The plan, or the measurements whose name contains `only` (`--only`). */
export function choose(only: string | undefined): readonly Measurement[] {
  const chosen = PLAN.filter(({ name }) => !only || name.includes(only));
  if (chosen.length === 0)
    throw new Error(
      `--only "${only}" names no scenario; the scenarios are: ${PLAN.map(({ name }) => `"${name}"`).join(', ')}.`,
    );
  return chosen;
}
