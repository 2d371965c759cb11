export { CONTRACT_VERSION } from './version';
export { PlatformError, isPlatformError, type PlatformErrorCode } from './errors';
export type { AuthApi, HostContext, NavigateOptions, RemoteInfo, RuntimeConfig, Telemetry, User } from './types';
export {
  HostProvider,
  useAuth,
  useHost,
  useRemote,
  useRuntimeConfig,
  useTelemetry,
  useUser,
  type HostProviderProps,
} from './provider';
export { defineRemote, isRemoteModule, REMOTE_MODULE_KIND, type RemoteDefinition, type RemoteModule } from './define-remote';
