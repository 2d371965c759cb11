import { createContext, useContext, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { NO_CONSENT, type ConsentApi, type ConsentState } from './consent';
import type { EventBus, EventHandler, PlatformEventName, SubscribeOptions } from './events';
import { PlatformError } from './errors';
import type { IntlApi } from './intl';
import type { ApiClient, AuthApi, HostContext, RemoteInfo, RuntimeConfig, Telemetry, User } from './types';

// One React context object for the whole page: this package is a shared
// singleton, so the host's provider and every remote's hooks see the same one.
const HostReactContext = createContext<HostContext | null>(null);
HostReactContext.displayName = 'MfeHostContext';

export interface HostProviderProps {
  readonly value: HostContext;
  readonly children?: ReactNode;
}

/** Used by the host around each mounted remote (and by tests through `createTestHost`). */
export function HostProvider({ value, children }: HostProviderProps) {
  return <HostReactContext.Provider value={value}>{children}</HostReactContext.Provider>;
}

/** The host's context, or `null` outside a `<HostProvider>` (for parts that degrade rather than throw). */
export function useHostOrNull(): HostContext | null {
  return useContext(HostReactContext);
}

/** Everything the host gives this remote. Throws `CONTEXT_MISSING` outside a `<HostProvider>`. */
export function useHost(): HostContext {
  const value = useContext(HostReactContext);
  if (value === null) {
    throw new PlatformError(
      'CONTEXT_MISSING',
      'useHost() was called outside <HostProvider>. Remotes get the provider from the host when it mounts them; ' +
        'in unit tests wrap the component with createTestHost() from "@mfe/context/testing". ' +
        'If this happens inside the host, @mfe/context is not shared as a singleton (check webpack.shared.js).',
    );
  }
  return value;
}

export const useAuth = (): AuthApi => useHost().auth;
export const useApi = (): ApiClient => useHost().api;
export const useUser = (): User | null => useHost().auth.user;
export const useTelemetry = (): Telemetry => useHost().telemetry;
const notDecidedYet = (): ConsentState => NO_CONSENT;

export const useRuntimeConfig = (): RuntimeConfig => useHost().config;
export const useRemote = (): RemoteInfo => useHost().remote;
export const useEvents = (): EventBus => useHost().events;

/**
 * The user's consent, re-rendering when it changes, and `set` to record a choice. Since 1.3.0.
 * In a page rendered ahead of time, and while the browser hydrates it, nothing is decided yet
 * (the choice lives in the browser); the real state follows at once.
 */
export function useConsent(): ConsentState & Pick<ConsentApi, 'set'> {
  const { consent } = useHost();
  const state = useSyncExternalStore(consent.subscribe, consent.get, notDecidedYet);
  return { ...state, set: consent.set };
}

/**
 * The page's language, re-rendering when the visitor changes it: `formatMessage` for the area's
 * messages (declared with `defineMessages`), and `Intl` formatting in that locale. Since 1.5.0.
 * In a page rendered ahead of time, and while the browser hydrates it, the default locale.
 */
export function useIntl(): IntlApi {
  const { intl } = useHost();
  return useSyncExternalStore(intl.subscribe, intl.get, intl.getInitial);
}

/**
 * Calls `handler` for each `name` event while the component is mounted. The
 * latest `handler` is used without resubscribing; the subscription ends on unmount.
 */
export function useEvent<K extends PlatformEventName>(
  name: K,
  handler: EventHandler<K>,
  options?: SubscribeOptions,
): void {
  const events = useEvents();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const replayLast = options?.replayLast ?? false;
  useEffect(() => events.on(name, (payload) => latest.current(payload), { replayLast }), [events, name, replayLast]);
}
