import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEMO_USERS } from '@mfe/dev-idp';
import { startStack } from './stack';

// `pnpm start`: the dev provider plus the production builds of the host and remotes.
// `--base-port 4000` moves every port with the host's (topology.ts).
// `--overrides` lets this host load remotes from other local builds (see /diagnostics).
// The remotes are released through a release store (.tmp/release-store, its `development`
// environment) as production does; `--no-release-store` serves each build on its own port instead.
const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    'base-port': { type: 'string' },
    overrides: { type: 'boolean', default: false },
    'release-store': { type: 'boolean', default: true },
    store: { type: 'string' },
  },
  allowNegative: true,
});
// `--store <dir>`: another folder for the release store (paths from where pnpm was run).
const storeDir = values.store
  ? resolve(process.env.INIT_CWD ?? process.cwd(), values.store)
  : join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..', '.tmp', 'release-store');
const hostPort = values['base-port'] ? Number(values['base-port']) : undefined;
// As a production host's default: DPoP on where the provider advertises it (the dev provider does).
const stack = await startStack({
  ...(hostPort ? { hostPort } : {}),
  overrides: values.overrides,
  dpop: 'auto',
  ...(values['release-store'] ? { releaseStore: storeDir } : {}),
});

const user = DEMO_USERS[0]!;
console.log(`
  Open ${stack.hostUrl}
  Sign in as ${user.username} / ${user.password}   (or ${DEMO_USERS.slice(1)
    .map((u) => `${u.username} / ${u.password}`)
    .join(', ')})

  dev OpenID provider (development only: sessions in memory, a signing key made at start): ${stack.idpUrl}
  remotes: ${Object.entries(stack.remoteUrls)
    .map(([name, url]) => `${name} ${url}`)
    .join(', ')}${
    values['release-store']
      ? `
  released to the "development" environment of ${storeDir}:
    pnpm release history --env development --store ${storeDir}
  release console: ${stack.releaseServiceUrl}   (${user.username} may change "development"; the service moves rollouts with nobody watching)`
      : ''
  }
  telemetry collector: ${stack.collectorUrl}/__collector/records
  Press Ctrl+C to stop.
STACK READY ${stack.hostUrl}`);

const stop = () => void stack.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
