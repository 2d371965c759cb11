export { serveStatic, cacheControlFor, type RunningServer, type StaticServerOptions } from './serve';
export { startStack, DEV_PORTS, DEFAULT_REMOTES, type RunningStack, type StackOptions, type StackPorts, type RemoteSpec } from './stack';
export { contentSecurityPolicy, type CspSources } from './csp';
export { DEV_MANIFEST_PATH, portFor, readDevRemotes, type DevRemote } from './dev-manifest';
