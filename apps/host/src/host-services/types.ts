// What the host hands its own views (never remotes: they see only @mfe/context), as types alone,
// so every service's module can be named here without this folder importing their code.
import type { ApiClient, ConsentApi, HostContext, RootEventBus } from '@mfe/context';
import type { LazySession } from '@mfe/auth';
import type { HostConfig } from '../config';
import type { PageLocale } from '../i18n/page-locale';
import type { PageTitles } from '../page-titles';
import type { ParsedManifest } from '../manifest';
import type { RemoteLoader } from '../remotes/remote-loader';
import type { ContributionLoader } from '../remotes/contribution-loader';
import type { BuildChoice } from '../remotes/cohort';
import type { Overrides } from '../remotes/overrides';
import type { PreviewResult } from '../remotes/preview';
import type { RemoteStyles } from '../remotes/remote-styles';

/** The host's own services; remotes never see this, only `@mfe/context`. */
export interface HostServices {
  readonly config: HostConfig;
  readonly session: LazySession;
  readonly manifest: ParsedManifest;
  readonly loader: RemoteLoader;
  /** Loads contributions to slots through `loader`, and keeps what each did in this page. */
  readonly contributions: ContributionLoader;
  readonly api: ApiClient;
  /** The page's event bus; each mounted remote gets a scope of it. */
  readonly events: RootEventBus;
  /** The user's consent for analytics and marketing (shared with remotes). */
  readonly consent: ConsentApi;
  /** The page's language, for the shell and every area (i18n/page-locale.ts). */
  readonly locale: PageLocale;
  /** The title each area gives its page on screen (`usePageTitle`). */
  readonly pageTitles: PageTitles;
  /** Switches each remote's stylesheets on while its area is on screen, off otherwise. */
  readonly styles: RemoteStyles;
  /** Developer overrides applied for this browser session (remote name → entry). */
  readonly overrides?: Overrides;
  /** Which build of each remote this page loads: stable, or a canary's candidate (cohort.ts). */
  readonly builds?: Readonly<Record<string, BuildChoice>>;
  /** A preview link this tab opened: shown, or refused with why (preview.ts). */
  readonly preview?: PreviewResult;
  /** What the page's HTML, rendered ahead of time, holds: the area whose content it shows, if any. */
  readonly prerendered?: { readonly remote?: string };
  /** The opening area, in a root of its own before the shell started: its route adopts it. */
  readonly island?: OpeningIsland;
}

/** Where the area is, as its router sees it. */
export interface IslandLocation {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

/**
 * The opening area, hydrated (or, on a page rendered in the browser, rendered) by the first script in
 * a root of its own before the shell's code came (startup/opening-island.tsx): for the shell to adopt
 * (areas/AdoptedIsland.tsx) or, if it cannot, to end.
 */
export interface OpeningIsland {
  /** The area it holds, by its manifest name. */
  readonly remote: string;
  /** The element the island is rooted in: the area's element in the page's HTML, or one of its own. */
  readonly element: HTMLElement;
  /** Whether it hydrated the page's HTML (else it was rendered in the browser, and its route takes its element in). */
  readonly hydrated: boolean;
  /** Whether it is still on the page, not failed, ended or adopted already. */
  readonly adoptable: boolean;
  /**
   * The shell takes it over: from now on the area has the shell's contract, and what it asked
   * before is done through it. `fail` hears a throw of the area's (the shell shows it in place).
   * Returns where the area is when that is not `location` (it moved after the shell's router read
   * the address): the router is to go there, in place of the history entry the area made.
   */
  adopt(context: HostContext, location: IslandLocation, fail: (error: unknown) => void): IslandLocation | null;
  /** A new context or location from the shell. */
  update(context: HostContext, location: IslandLocation): void;
  /** Unmounts the area's root (the shell then renders the area itself, or none). */
  end(): void;
}
