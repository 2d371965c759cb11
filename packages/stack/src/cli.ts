import { parseArgs } from 'node:util';
import { DEMO_USERS } from '@mfe/dev-idp';
import { DEV_PORTS, startStack, type StackPorts } from './stack';

// `pnpm start`: the dev provider plus the production builds of the host and remotes.
// `--base-port 4000` moves every port (host 4000, provider 4100, each remote 4000 + its port - 3000).
// Tests add `--remote-timeout-ms N`, `--manifest-extra '<JSON array of entries>'`, `--require-role account=admin`.
const { values } = parseArgs({
  options: {
    'base-port': { type: 'string' },
    'access-token-ttl': { type: 'string' },
    'remote-timeout-ms': { type: 'string' },
    'manifest-extra': { type: 'string' },
    'require-role': { type: 'string', multiple: true },
    'no-integrity': { type: 'boolean', default: false },
    overrides: { type: 'boolean', default: false },
    fixture: { type: 'string', multiple: true },
  },
});
const base = values['base-port'] ? Number(values['base-port']) : undefined;
const ports: StackPorts = base ? { host: base, idp: base + 100 } : DEV_PORTS;
const stack = await startStack({
  ports,
  ...(values['access-token-ttl'] ? { accessTokenTtl: Number(values['access-token-ttl']) } : {}),
  ...(values['remote-timeout-ms'] ? { remoteTimeoutMs: Number(values['remote-timeout-ms']) } : {}),
  ...(values['manifest-extra'] ? { extraManifestEntries: JSON.parse(values['manifest-extra']) as unknown[] } : {}),
  integrity: !values['no-integrity'],
  overrides: values.overrides,
  fixtures: values.fixture ?? [],
  // --require-role account=admin
  requiredRoles: Object.fromEntries((values['require-role'] ?? []).map((pair) => [pair.split('=')[0], pair.split('=').slice(1).join('=').split(',')])),
});

const user = DEMO_USERS[0]!;
console.log(`
  Open ${stack.hostUrl}
  Sign in as ${user.username} / ${user.password}   (or ${DEMO_USERS.slice(1).map((u) => `${u.username} / ${u.password}`).join(', ')})

  dev OpenID provider (development only): ${stack.idpUrl}
  remotes: ${Object.entries(stack.remoteUrls).map(([name, url]) => `${name} ${url}`).join(', ')}
  Press Ctrl+C to stop.
STACK READY ${stack.hostUrl}`);

const stop = () => void stack.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
