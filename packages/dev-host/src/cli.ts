import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_HOST_PORT, runUntilStopped, startDevSession } from '@mfe/stack';
import { readRemoteSettings, RemoteSettingsError } from './remote-settings';

// `mfe-dev` (the `pnpm dev` of a feature area in its own repository): this remote on webpack's dev
// server with React Fast Refresh, inside the host's development build (shipped in this package),
// with the dev OpenID provider. `--host-port 4000` moves the host (and the provider with it: topology);
// `--port 4001` moves this remote's dev server from the port in package.json.
const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { 'host-port': { type: 'string' }, port: { type: 'string' } },
});
function portOption(flag: 'host-port' | 'port'): number | undefined {
  const raw = values[flag];
  if (raw === undefined) return undefined;
  const port = Number(raw);
  if (Number.isInteger(port) && port >= 1024 && port <= 65_435) return port;
  console.error(`--${flag} must be a whole number from 1024 to 65435, not "${raw}".`);
  process.exit(2);
}
const hostPort = portOption('host-port') ?? DEFAULT_HOST_PORT;
const remotePort = portOption('port');
const appDir = process.cwd();
try {
  const settings = readRemoteSettings(appDir);
  const session = await startDevSession({
    appDir,
    remote: {
      name: settings.name,
      path: settings.path,
      label: settings.label,
      order: 1,
      ...(settings.contributions ? { contributions: settings.contributions } : {}),
    },
    port: remotePort ?? settings.port,
    hostPort,
    hostDist: join(dirname(fileURLToPath(import.meta.url)), '..', 'host'),
  });
  runUntilStopped(session);
} catch (error) {
  console.error(
    error instanceof RemoteSettingsError
      ? `${error.code}: ${error.message}`
      : `mfe-dev could not start: ${(error as Error).message}`,
  );
  process.exit(1);
}
