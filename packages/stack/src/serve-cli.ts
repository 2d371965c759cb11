import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LOCAL_ORIGINS, RUNTIME_FILES, validateRuntimeConfig } from '@mfe/manifest';
import { serveStatic, type ServedRole } from './serve';
import { DEFAULT_HOST_PORT, localUrl, readDevRemotes, topology } from './topology';

// Serves one app's build on its own, with the production headers, where the development topology
// puts it: `pnpm --filter @mfe/referrals serve` (`--remote referrals`: its port from the development
// manifest, CORS granted to --host-origin, default any localhost port) or `pnpm --filter @mfe/host
// serve` (`--host`: the host's port, with the development runtime config and manifest for the
// remotes at their ports and the provider at its own, as `pnpm start` would write them). `--port`
// serves it elsewhere (a stand-in CDN in a test, say).
const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    dir: { type: 'string', default: 'dist' },
    remote: { type: 'string' },
    host: { type: 'boolean', default: false },
    'base-port': { type: 'string' },
    port: { type: 'string' },
    'host-origin': { type: 'string', multiple: true },
  },
});
const ports = topology(values['base-port'] ? Number(values['base-port']) : DEFAULT_HOST_PORT);
const devRemotes = readDevRemotes();
const dir = resolve(values.dir ?? 'dist');
let role: ServedRole;
let port: number;
if (values.host) {
  // Only the host needs the development config (and, through it, the dev provider's client id).
  const { devRuntimeConfig } = await import('./dev-config');
  const remoteUrl = (devPort: number) => localUrl(ports.remote(devPort));
  const checked = validateRuntimeConfig(
    devRuntimeConfig({
      idpUrl: localUrl(ports.idp),
      apiUrl: localUrl(ports.api),
      remoteOrigins: devRemotes.map((remote) => remoteUrl(remote.port)),
      collectorUrl: localUrl(ports.collector),
    }),
  );
  if (!checked.ok) throw new Error(checked.problems.join('\n'));
  const manifest = {
    schemaVersion: 1,
    remotes: devRemotes.map(({ name, path, label, order, port: devPort }) => ({
      name,
      entry: `${remoteUrl(devPort)}/mf-manifest.json`,
      path,
      label,
      order,
    })),
  };
  role = {
    kind: 'host',
    headers: { config: checked.config },
    runtimeFiles: { [RUNTIME_FILES.config]: checked.config, [RUNTIME_FILES.manifest]: manifest },
  };
  port = ports.host;
} else {
  const remote = devRemotes.find((candidate) => candidate.name === values.remote);
  if (!remote) {
    console.error(
      `Usage: serve-cli [--dir <build>] (--host | --remote <name>) [--base-port <port> | --port <port>] [--host-origin <origin>]...\nRemotes of the development manifest: ${devRemotes.map((r) => r.name).join(', ')}`,
    );
    process.exit(2);
  }
  role = { kind: 'remote', hostOrigins: values['host-origin'] ?? LOCAL_ORIGINS };
  port = ports.remote(remote.port);
}
const server = await serveStatic({ dir, port: values.port ? Number(values.port) : port, role });
console.log(`Serving ${dir} at ${server.url} as the ${role.kind}`);
