import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ApiClient, ConsentApi, RootEventBus, User } from '@mfe/context';
import { canUse, type Viewer } from './access';
import { useFromHtml } from './layout/from-html';
import type { LazySession } from './auth/lazy-session';
import type { SessionSnapshot } from './auth/session-store';
import type { HostConfig } from './config';
import type { PageLocale } from './i18n/page-locale';
import type { PageTitles } from './layout/page-titles';
import type { ParsedManifest, RemoteEntry } from './manifest';
import type { RemoteLoader } from './remotes/remote-loader';
import type { BuildChoice } from './remotes/cohort';
import type { Overrides } from './remotes/overrides';
import type { PreviewResult } from './remotes/preview';
import type { RemoteStyles } from './remotes/remote-styles';

/** The host's own services; remotes never see this, only `@mfe/context`. */
export interface HostServices {
  readonly config: HostConfig;
  readonly session: LazySession;
  readonly manifest: ParsedManifest;
  readonly loader: RemoteLoader;
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
}

const HostServicesContext = createContext<HostServices | null>(null);

export function HostServicesProvider({ value, children }: { value: HostServices; children?: ReactNode }) {
  return <HostServicesContext.Provider value={value}>{children}</HostServicesContext.Provider>;
}

export function useHostServices(): HostServices {
  const services = useContext(HostServicesContext);
  if (!services) throw new Error('useHostServices() must be used inside <HostServicesProvider>.');
  return services;
}

const noUser = () => null;

/** The signed-in user, re-rendering when it changes (none yet while a page from HTML hydrates). */
export function useSessionUser(): User | null {
  const { session } = useHostServices();
  return useSyncExternalStore(session.subscribe, session.currentUser, noUser);
}

/** User, session status (active / expired / signed out) and whether another tab signed out. */
export function useSessionSnapshot(): SessionSnapshot {
  const { session } = useHostServices();
  return useSyncExternalStore(session.subscribe, session.getSnapshot, session.getServerSnapshot);
}

/** Nobody yet: how a page from HTML (and its hydration) judges access. */
const NOT_KNOWN_VIEWER: Viewer = { signedIn: false, hasRole: () => false, hasScope: () => false };

/** Access as the page shows it, re-rendering when the user changes. */
export function useViewer(): Viewer {
  const { session } = useHostServices();
  useSessionSnapshot(); // re-render when the user changes
  return useFromHtml() ? NOT_KNOWN_VIEWER : session.onScreen;
}

/** The manifest's remotes this user may open (navigation never offers the others). */
export function useUsableRemotes(): readonly RemoteEntry[] {
  const { manifest } = useHostServices();
  const viewer = useViewer();
  return manifest.remotes.filter((remote) => canUse(remote, viewer));
}
