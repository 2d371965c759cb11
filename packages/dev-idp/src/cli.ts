import { parseArgs } from 'node:util';
import { localUrl, topology } from '@mfe/manifest';
import { CONSOLE_CLIENT_ID, DEMO_USERS, startDevIdp } from './index';

// DEVELOPMENT ONLY: `pnpm --filter @mfe/dev-idp start [-- --port <p> --api-port <p> --host-origin <origin>
// --console <origin>]`; by default where the development topology puts it, for the host where it puts
// that. `--console`: a release console (`mfe-release serve`) at that origin signs people in here, with
// the audience `<origin>/api`.
const defaults = topology();
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: String(defaults.idp) },
    'api-port': { type: 'string', default: String(defaults.api) },
    'host-origin': { type: 'string', multiple: true, default: [localUrl(defaults.host)] },
    console: { type: 'string', multiple: true, default: [] },
  },
});
const port = Number(values.port);
const issuer = localUrl(port);
const apiPort = Number(values['api-port']);
const idp = await startDevIdp({
  port,
  issuer,
  hostOrigins: values['host-origin'] ?? [],
  api: { port: apiPort, url: localUrl(apiPort) },
  consoles: (values.console ?? []).map((given) => {
    const origin = new URL(given).origin;
    return { origin, audience: `${origin}/api` };
  }),
});
console.log(`Dev OpenID provider (DEVELOPMENT ONLY) at ${idp.issuer}, its API at ${idp.apiUrl}`);
for (const given of values.console ?? [])
  console.log(
    `  release console at ${new URL(given).origin}: --client-id ${CONSOLE_CLIENT_ID} --audience ${new URL(given).origin}/api`,
  );
for (const user of DEMO_USERS)
  console.log(`  demo user: ${user.username} / ${user.password} (${user.roles.join(', ')})`);
const stop = () => void idp.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
