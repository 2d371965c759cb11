import {
  areaPath,
  CONTRACT_VERSION,
  type ApiClient,
  type ConsentApi,
  type AuthApi,
  type EventBus,
  type HostContext,
  type IntlSource,
  type NavigateOptions,
  type SlotHost,
  type User,
} from '@mfe/context';
import type { HostConfig } from '../config';
import type { ManifestEntry } from '../manifest';
import { telemetryFor } from '../telemetry';

export interface RemoteContextInput {
  readonly remote: ManifestEntry;
  readonly user: User | null;
  readonly auth: Omit<AuthApi, 'user'>;
  readonly api: ApiClient;
  readonly config: HostConfig;
  readonly navigate: (to: string, options?: NavigateOptions) => void;
  /** This remote's scope of the page's event bus (ended when the remote unmounts). */
  readonly events: EventBus;
  readonly consent: ConsentApi;
  /** The page's language as this area reads it (its own catalogue). */
  readonly intl: IntlSource;
  /** Names the remote's page on screen (`null` clears it). */
  readonly setTitle: (title: string | null) => void;
  /** Renders the contributions to the `<Slot>`s in what it renders (the host's SlotOutlet). */
  readonly slots?: SlotHost;
}

// One facade per scope: a context built again for the same mounted part (its person's session or the
// page's language changed) hands the remote the same events object, so its subscriptions stay put.
const facades = new WeakMap<object, HostContext['events']>();
function eventsFacade(events: RemoteContextInput['events']): HostContext['events'] {
  let facade = facades.get(events);
  if (!facade) {
    facade = Object.freeze({ emit: events.emit, on: events.on });
    facades.set(events, facade);
  }
  return facade;
}

/** Builds what one mounted remote gets through `useHost()`. */
export function createRemoteContext({
  remote,
  user,
  auth,
  api,
  config,
  navigate,
  events,
  consent,
  intl,
  setTitle,
  slots,
}: RemoteContextInput): HostContext {
  // Remotes see the product's settings, not the host's composition, telemetry or diagnostics settings.
  const { productName, auth: authConfig, apiOrigins, features } = config;
  const publicConfig = { productName, auth: authConfig, apiOrigins, features };
  return Object.freeze({
    contractVersion: CONTRACT_VERSION,
    auth: Object.freeze({
      user,
      getAccessToken: () => auth.getAccessToken(),
      signIn: (returnTo?: string) => auth.signIn(returnTo),
      signOut: () => auth.signOut(),
      hasRole: (role: string) => auth.hasRole(role),
      hasScope: (scope: string) => auth.hasScope(scope),
    }),
    api,
    telemetry: telemetryFor(remote.name),
    config: publicConfig,
    remote: Object.freeze({
      name: remote.name,
      // A remote that only contributes to slots has no area: its paths start at the host's root.
      basePath: remote.path ?? '',
      navigate: (to: string, options?: NavigateOptions) => navigate(areaPath(remote.path ?? '', to), options),
      setTitle: (title: string | null) => setTitle(typeof title === 'string' ? title : null),
    }),
    events: eventsFacade(events),
    consent,
    intl,
    ...(slots ? { slots } : {}),
  });
}
