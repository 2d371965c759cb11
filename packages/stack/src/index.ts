export { serveStatic, type RunningServer, type ServedRole, type StaticServerOptions } from './serve';
export { startStack, derivedPorts, DEV_PORTS, type RunningStack, type StackOptions, type StackPorts, type RemoteSpec } from './stack';
export { startCollector, type CollectorRecord, type RunningCollector } from './collector';
export { DEV_MANIFEST_PATH, portFor, readDevRemotes, type DevRemote } from './dev-manifest';
export { buildDevHost } from './dev/host-build';
export { runUntilStopped, startDevSession, type DevSession, type DevSessionOptions } from './dev/session';
