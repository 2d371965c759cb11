import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { readDevRemotes, startStack, type RemoteSpec } from '@mfe/stack';

// The browser tests' launcher: the same stack as `pnpm start`, with the switches only tests need
// (short token lifetimes, broken manifest entries, fault fixtures). Not a user-facing command.
const fixturesDir = join(fileURLToPath(new URL('.', import.meta.url)), '..', 'fixtures');
const FIXTURES: Readonly<Record<string, RemoteSpec>> = {
  faulty: { name: 'faulty', path: '/faulty', label: 'Faulty', order: 90, dist: join(fixturesDir, 'faulty', 'dist') },
  react18: { name: 'react18', path: '/react18', label: 'React 18 area', order: 92, dist: join(fixturesDir, 'react18', 'dist') },
  'wrong-expose': { name: 'wrong_expose', path: '/wrong-expose', label: 'Wrong expose', order: 91, dist: join(fixturesDir, 'wrong-expose', 'dist') },
};

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
    'tag-src': { type: 'string' },
    dpop: { type: 'boolean', default: false },
    // --public referrals: that area opens without signing in
    public: { type: 'string', multiple: true },
  },
});
const base = Number(values['base-port'] ?? 3000);
const extraRemotes = (values.fixture ?? []).map((name) => {
  const fixture = FIXTURES[name];
  if (!fixture) throw new Error(`Unknown fixture "${name}"; known: ${Object.keys(FIXTURES).join(', ')}`);
  return fixture;
});
const stack = await startStack({
  ports: { host: base, idp: base + 100 },
  ...(values['access-token-ttl'] ? { accessTokenTtl: Number(values['access-token-ttl']) } : {}),
  ...(values['remote-timeout-ms'] ? { remoteTimeoutMs: Number(values['remote-timeout-ms']) } : {}),
  ...(values['manifest-extra'] ? { extraManifestEntries: JSON.parse(values['manifest-extra']) as unknown[] } : {}),
  ...(values['tag-src'] ? { tagLoader: { src: values['tag-src'] } } : {}),
  integrity: !values['no-integrity'],
  dpop: values.dpop,
  overrides: values.overrides,
  extraRemotes,
  ...(values.public ? { remotes: readDevRemotes().map((remote) => (values.public!.includes(remote.name) ? { ...remote, requiresAuth: false } : remote)) } : {}),
  // --require-role account=admin
  requiredRoles: Object.fromEntries((values['require-role'] ?? []).map((pair) => [pair.split('=')[0], pair.split('=').slice(1).join('=').split(',')])),
});
console.log(`STACK READY ${JSON.stringify({ hostUrl: stack.hostUrl, idpUrl: stack.idpUrl, remoteUrls: stack.remoteUrls, collectorUrl: stack.collectorUrl })}`);

const stop = () => void stack.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
