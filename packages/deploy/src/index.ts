export { contentSecurityPolicy, EARLY_CLICKS_SOURCE, type CspOptions } from './csp';
export {
  BUILD_RECORD_PATTERNS,
  CACHE_CONTROL,
  PATH_PATTERNS,
  PERMISSIONS_POLICY,
  SILENT_CALLBACK_FILE,
  SILENT_CALLBACK_PATH,
  allowedCorsOrigin,
  buildRecordFor,
  corsPreflightHeaders,
  hostFileKind,
  hostHeaders,
  remoteFileKind,
  remoteHeaders,
  storeObjectCacheControl,
  type HostFileKind,
  type HostHeaderOptions,
  type RemoteFileKind,
} from './headers';
export { nginxServerConfig, nginxStandaloneConfig, type NginxOptions } from './nginx';
export { ENV_VARIABLES, runtimeConfigFromEnv, type EnvVariable } from './env-config';
export { writeServerConfig, type ServerConfigOptions, type WrittenServerConfig } from './server-config';
