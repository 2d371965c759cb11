import { parseArgs } from 'node:util';
import { readDevRemotes, startStack, type DevManifest, type DevRemote } from '@mfe/stack';
import { FIXTURES } from './fixtures.mjs';

// The browser tests' launcher: the same stack as `pnpm start`, with the switches only tests need
// (short token lifetimes, broken manifest entries, fault fixtures). Not a user-facing command.
const { values } = parseArgs({
  options: {
    'base-port': { type: 'string' },
    'access-token-ttl': { type: 'string' },
    'remote-timeout-ms': { type: 'string' },
    'manifest-extra': { type: 'string' },
    // An origin the host may load remotes from besides the stack's own (a test's faulty server).
    'allow-remote-origin': { type: 'string', multiple: true },
    // Another origin serving the host's pages (a test's proxy in front of it), granted the remotes' CORS.
    'extra-host-origin': { type: 'string', multiple: true },
    'require-role': { type: 'string', multiple: true },
    'no-integrity': { type: 'boolean', default: false },
    // No contributions to slots: a test of how areas load alone (slots.e2e.ts tests them together).
    'no-contributions': { type: 'boolean', default: false },
    overrides: { type: 'boolean', default: false },
    fixture: { type: 'string', multiple: true },
    'tag-src': { type: 'string' },
    dpop: { type: 'boolean', default: false },
    // The host's default (DPoP where the provider advertises it), and a provider without DPoP support.
    'dpop-auto': { type: 'boolean', default: false },
    'idp-without-dpop': { type: 'boolean', default: false },
    // --public referrals: that area (or fixture) opens without signing in
    public: { type: 'string', multiple: true },
    // Release through a store in this folder, as `pnpm start` does (the remotes are served from it).
    'release-store': { type: 'string' },
    // That many release services on the store behind one round-robin name (a balancer with no affinity).
    'release-service-instances': { type: 'string' },
    // Every page rendered in the browser (a host without prerendered pages).
    'no-prerender': { type: 'boolean', default: false },
    // A remote served from another build folder (`referrals=<dir>`): a test that rebuilds it works on its own copy.
    'remote-dist': { type: 'string', multiple: true },
  },
});
const hostPort = values['base-port'] ? Number(values['base-port']) : undefined;
/** `--public name`: that remote, a dev remote or a fixture, opens without signing in. */
const publicIfAsked = <R extends { name: string }>(remote: R): R =>
  values.public?.includes(remote.name) ? { ...remote, requiresAuth: false } : remote;
const extraRemotes = (values.fixture ?? []).flatMap((name) => {
  const fixture = (FIXTURES as Readonly<Record<string, DevRemote | readonly DevRemote[]>>)[name];
  if (!fixture) throw new Error(`Unknown fixture "${name}"; known: ${Object.keys(FIXTURES).join(', ')}`);
  return ([] as DevRemote[]).concat(fixture).map(publicIfAsked);
});
// --require-role account=admin
const requiredRoles: Record<string, string[]> = Object.fromEntries(
  (values['require-role'] ?? []).map((pair) => [pair.split('=')[0], pair.split('=').slice(1).join('=').split(',')]),
);
const distOf: Record<string, string> = Object.fromEntries(
  (values['remote-dist'] ?? []).map((pair) => [pair.split('=')[0], pair.split('=').slice(1).join('=')]),
);
const timeoutMs = values['remote-timeout-ms'] ? Number(values['remote-timeout-ms']) : undefined;
const extraEntries = values['manifest-extra']
  ? (JSON.parse(values['manifest-extra']) as Record<string, unknown>[])
  : [];

/** What the tests change in the manifest the stack would serve: budgets, roles, integrity, broken entries. */
function testManifest(manifest: DevManifest): DevManifest {
  const remotes = manifest.remotes.map((remote) => {
    const { integrity, contributions, ...rest } = remote;
    const name = String(remote.name);
    return {
      ...(values['no-integrity'] ? rest : { ...rest, ...(integrity ? { integrity } : {}) }),
      ...(contributions && !values['no-contributions'] ? { contributions } : {}),
      ...(timeoutMs ? { timeoutMs } : {}),
      ...(requiredRoles[name] ? { requires: { roles: requiredRoles[name] } } : {}),
    };
  });
  return { ...manifest, remotes: [...remotes, ...extraEntries] };
}

const stack = await startStack({
  ...(hostPort ? { hostPort } : {}),
  dpop: values['dpop-auto'] ? 'auto' : values.dpop,
  overrides: values.overrides,
  extraRemotes,
  ...(values['no-prerender'] ? { prerender: false } : {}),
  ...(values['release-store'] ? { releaseStore: values['release-store'] } : {}),
  ...(values.public || values['remote-dist']
    ? {
        remotes: readDevRemotes().map((remote) => ({
          ...publicIfAsked(remote),
          ...(distOf[remote.name] ? { dist: distOf[remote.name] } : {}),
        })),
      }
    : {}),
  rig: {
    extraHostOrigins: values['extra-host-origin'] ?? [],
    // The provider's /__dev/ control API (revoke grants, take it down) and short token lifetimes are for tests only.
    provider: {
      adminApi: true,
      ...(values['access-token-ttl'] ? { accessTokenTtl: Number(values['access-token-ttl']) } : {}),
      ...(values['idp-without-dpop'] ? { dpop: false } : {}),
    },
    manifest: testManifest,
    ...(values['release-service-instances']
      ? { releaseServiceInstances: Number(values['release-service-instances']) }
      : {}),
    config: (config) => ({
      ...config,
      ...(values['tag-src'] ? { tagLoader: { src: values['tag-src'] } } : {}),
      allowedRemoteOrigins: [...(config.allowedRemoteOrigins ?? []), ...(values['allow-remote-origin'] ?? [])],
    }),
  },
});
console.log(
  `STACK READY ${JSON.stringify({ hostUrl: stack.hostUrl, idpUrl: stack.idpUrl, apiUrl: stack.apiUrl, remoteUrls: stack.remoteUrls, collectorUrl: stack.collectorUrl, releaseServiceUrl: stack.releaseServiceUrl, releaseServiceInstanceUrls: stack.releaseServiceInstanceUrls })}`,
);

const stop = () => void stack.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
