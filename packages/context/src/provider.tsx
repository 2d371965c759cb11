import { createContext, useContext, type ReactNode } from 'react';
import { PlatformError } from './errors';
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
export const useRuntimeConfig = (): RuntimeConfig => useHost().config;
export const useRemote = (): RemoteInfo => useHost().remote;
