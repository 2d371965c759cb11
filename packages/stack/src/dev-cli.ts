import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildDevHost } from './dev/host-build';
import { runUntilStopped, startDevSession } from './dev/session';
import { appDir, DEFAULT_HOST_PORT, readDevRemotes, topology } from './topology';

// `pnpm dev <remote>` (or `pnpm --filter @mfe/<remote> dev`): one feature area of this repository
// in development. The remote is served by webpack's dev server with React Fast Refresh (see
// dev/remote-server.ts); the host is built once for development (dev/host-build.ts); the provider
// and every other remote run from their production builds, so starting costs the same however
// many remotes there are. A remote in its own repository uses @mfe/dev-host's `mfe-dev` instead.
const { values, positionals } = parseArgs({
  // pnpm may pass a literal "--" before the arguments.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  allowPositionals: true,
  options: { 'base-port': { type: 'string' } },
});
const remotes = readDevRemotes();
const name = positionals[0];
const remote = remotes.find((candidate) => candidate.name === name);
if (!remote) {
  console.error(
    `Usage: pnpm dev <remote>. ${name ? `"${name}" is not in packages/stack/remotes.dev.json. ` : ''}Remotes: ${remotes.map((r) => r.name).join(', ')}`,
  );
  process.exit(2);
}
const hostPort = values['base-port'] ? Number(values['base-port']) : DEFAULT_HOST_PORT;
const hostDist = join(appDir('host'), 'dist-dev');
await buildDevHost(appDir('host'), hostDist);
const session = await startDevSession({
  appDir: appDir(remote.name),
  remote: { name: remote.name, path: remote.path, label: remote.label, order: remote.order },
  port: topology(hostPort).remote(remote.port),
  hostPort,
  hostDist,
  otherRemotes: remotes,
});
runUntilStopped(session);
