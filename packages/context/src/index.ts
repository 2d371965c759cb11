export { CONTRACT_VERSION } from './version';
export { ApiError, PlatformError, isPlatformError, type PlatformErrorCode } from './errors';
export type { ApiClient, AuthApi, HostContext, NavigateOptions, RemoteInfo, RuntimeConfig, Telemetry, User } from './types';
export {
  HostProvider,
  useApi,
  useAuth,
  useHost,
  useRemote,
  useRuntimeConfig,
  useTelemetry,
  useUser,
  type HostProviderProps,
} from './provider';
export { defineRemote, isRemoteModule, REMOTE_MODULE_KIND, type RemoteDefinition, type RemoteModule } from './define-remote';
