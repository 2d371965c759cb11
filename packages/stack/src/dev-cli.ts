import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEMO_USERS } from '@mfe/dev-idp';
import { portFor, readDevRemotes } from './dev-manifest';
import { refreshableHost, refreshableRemote, type WebpackConfig } from './dev/fast-refresh';
import { DEV_PORTS, startStack } from './stack';

// `pnpm dev <remote>` (or `pnpm --filter @mfe/<remote> dev`): one feature area in development.
// The remote is built by webpack's dev server in development mode with React Fast Refresh: a saved
// component re-renders in place inside the host, its state and the session kept (edits that are not
// a component module's, e.g. remote.tsx, fall back to a page reload). The host is built once for
// development (Fast Refresh needs React's development build); the provider and every other remote
// run from their production builds, so starting costs the same however many remotes there are.
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const { values, positionals } = parseArgs({
  // pnpm may pass a literal "--" before the arguments.
  args: process.argv.slice(2).filter((arg) => arg !== '--'), allowPositionals: true, options: { 'base-port': { type: 'string' } } });
const remotes = readDevRemotes();
const name = positionals[0];
const remote = remotes.find((candidate) => candidate.name === name);
if (!remote) {
  console.error(`Usage: pnpm dev <remote>. ${name ? `"${name}" is not in packages/stack/remotes.dev.json. ` : ''}Remotes: ${remotes.map((r) => r.name).join(', ')}`);
  process.exit(2);
}
const base = values['base-port'] ? Number(values['base-port']) : DEV_PORTS.host;
const port = portFor(remote, base);
const origin = `http://localhost:${port}`;
const started = performance.now();

// The app's own webpack and config (webpack.shared.js), in development mode.
const appDir = join(repoRoot, 'apps', remote.name);
const fromApp = createRequire(join(appDir, 'package.json'));
interface Stats {
  hasErrors(): boolean;
  toString(options: unknown): string;
}
interface Compiler {
  hooks: { done: { tap(name: string, callback: () => void): void } };
  run(callback: (error: Error | null, stats?: Stats) => void): void;
}
const webpack = fromApp('webpack') as (config: WebpackConfig | WebpackConfig[]) => Compiler;

// The host, built once for development with the Fast Refresh runtime, beside its production build.
const hostDir = join(repoRoot, 'apps', 'host');
const hostDist = join(hostDir, 'dist-dev');
const fromHost = createRequire(join(hostDir, 'package.json'));
const hostFactory = fromHost(join(hostDir, 'webpack.config.js')) as (env: unknown, argv: { mode: string }) => WebpackConfig[];
const hostConfigs = hostFactory({}, { mode: 'development' }).map((config) =>
  config.name === 'silent-callback' ? { ...config, output: { ...config.output, path: join(hostDist, 'auth') } } : refreshableHost(config, hostDist),
);
await new Promise<void>((resolve, reject) =>
  fromHost('webpack')(hostConfigs).run((error: Error | null, stats?: Stats) => {
    if (error || stats?.hasErrors()) reject(error ?? new Error(`The host's development build failed:\n${stats?.toString('errors-only')}`));
    else resolve();
  }),
);

const configFactory = fromApp(join(appDir, 'webpack.config.js')) as (env: unknown, argv: { mode: string }) => WebpackConfig;
const config = refreshableRemote(configFactory({}, { mode: 'development' }));
const { default: WebpackDevServer } = await import('webpack-dev-server');
const compiler = webpack({ ...config, output: { ...config.output, publicPath: `${origin}/` } });
const server = new WebpackDevServer(
  {
    port,
    host: 'localhost',
    // The host page (another origin) loads the entry and opens the reload socket.
    headers: { 'Access-Control-Allow-Origin': '*' },
    allowedHosts: 'all',
    // Fast Refresh for component modules; a change no component accepts reloads the page.
    hot: true,
    liveReload: true,
    client: { webSocketURL: `ws://localhost:${port}/ws`, overlay: { errors: true, warnings: false, runtimeErrors: false }, logging: 'warn' },
    static: false,
  },
  compiler as never,
);
await server.start();
await new Promise<void>((resolve) => compiler.hooks.done.tap('mfe-dev', () => resolve()));

const stack = await startStack({ ports: { host: base, idp: base + 100 }, hostDist, liveRemotes: { [remote.name]: origin }, overrides: true });
const user = DEMO_USERS[0]!;
console.log(`
  ${remote.label} in development: ${stack.hostUrl}${remote.path}   (Fast Refresh on save; started in ${Math.round(performance.now() - started)} ms)
  Sign in as ${user.username} / ${user.password}
  ${remote.name}: dev server ${origin}; others from their production builds (pnpm build to refresh them).
  Press Ctrl+C to stop.
DEV READY ${stack.hostUrl}${remote.path}`);

const stop = async () => {
  await Promise.all([stack.close(), server.stop()]);
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
