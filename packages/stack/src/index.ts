export { serveStatic, type RunningServer, type ServedRole, type StaticServerOptions } from './serve';
export { HOST_DIST, startStack, type DevManifest, type RunningStack, type StackOptions, type StackRig } from './stack';
export { startCollector, type CollectorRecord, type RunningCollector } from './collector';
export {
  APPS_DIR,
  appDir,
  DEFAULT_HOST_PORT,
  DEV_MANIFEST_PATH,
  localUrl,
  readDevRemotes,
  topology,
  type DevRemote,
  type ListedRemote,
  type StackTopology,
} from './topology';
export { DEV_SCOPES, devRuntimeConfig, type DevConfigOptions } from './dev-config';
export { buildDevHost } from './dev/host-build';
export { runUntilStopped, startDevSession, type DevSession, type DevSessionOptions } from './dev/session';
