import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEMO_USERS } from '@mfe/dev-idp';
import { portFor, readDevRemotes } from './dev-manifest';
import { DEV_PORTS, startStack } from './stack';

// `pnpm dev <remote>` (or `pnpm --filter @mfe/<remote> dev`): one feature area in development.
// The remote is built by webpack's dev server in development mode and the page reloads on each
// save; the host, the provider and every other remote run from their production builds, so
// starting costs the same however many remotes the repository has.
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
interface Compiler {
  hooks: { done: { tap(name: string, callback: () => void): void } };
}
type Config = { output?: Record<string, unknown> } & Record<string, unknown>;
const webpack = fromApp('webpack') as (config: Config) => Compiler;
const configFactory = fromApp(join(appDir, 'webpack.config.js')) as (env: unknown, argv: { mode: string }) => Config;
const config = configFactory({}, { mode: 'development' });
const { default: WebpackDevServer } = await import('webpack-dev-server');
const compiler = webpack({ ...config, output: { ...config.output, publicPath: `${origin}/` } });
const server = new WebpackDevServer(
  {
    port,
    host: 'localhost',
    // The host page (another origin) loads the entry and opens the reload socket.
    headers: { 'Access-Control-Allow-Origin': '*' },
    allowedHosts: 'all',
    hot: false,
    liveReload: true,
    client: { webSocketURL: `ws://localhost:${port}/ws`, overlay: { errors: true, warnings: false, runtimeErrors: false }, logging: 'warn' },
    static: false,
  },
  compiler as never,
);
await server.start();
await new Promise<void>((resolve) => compiler.hooks.done.tap('mfe-dev', () => resolve()));

const stack = await startStack({ ports: { host: base, idp: base + 100 }, liveRemotes: { [remote.name]: origin }, overrides: true });
const user = DEMO_USERS[0]!;
console.log(`
  ${remote.label} in development: ${stack.hostUrl}${remote.path}   (reloads on save; started in ${Math.round(performance.now() - started)} ms)
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
