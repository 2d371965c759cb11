import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { User } from '@mfe/context';
import { canUse, type Viewer } from '../access';
import type { SessionSnapshot } from '@mfe/auth';
import { useAsPrerendered } from '../as-prerendered';
import type { RemoteEntry } from '../manifest';
import type { HostServices } from './types';

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

/** The signed-in user, re-rendering when it changes (none yet while a prerendered page hydrates). */
export function useSessionUser(): User | null {
  const { session } = useHostServices();
  return useSyncExternalStore(session.subscribe, session.currentUser, noUser);
}

/** User, session status (active / expired / signed out) and whether another tab signed out. */
export function useSessionSnapshot(): SessionSnapshot {
  const { session } = useHostServices();
  return useSyncExternalStore(session.subscribe, session.getSnapshot, session.getServerSnapshot);
}

/** Nobody yet: how a prerendered page (and its hydration) judges access. */
const NOT_KNOWN_VIEWER: Viewer = { signedIn: false, hasRole: () => false, hasScope: () => false };

/** Access as the page shows it, re-rendering when the user changes. */
export function useViewer(): Viewer {
  const { session } = useHostServices();
  useSessionSnapshot(); // re-render when the user changes
  return useAsPrerendered() ? NOT_KNOWN_VIEWER : session.onScreen;
}

/** The manifest's remotes this user may open (navigation never offers the others). */
export function useUsableRemotes(): readonly RemoteEntry[] {
  const { manifest } = useHostServices();
  const viewer = useViewer();
  return manifest.remotes.filter((remote) => canUse(remote, viewer));
}
