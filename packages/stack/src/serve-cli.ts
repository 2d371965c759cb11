import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LOCAL_ORIGINS, validateRuntimeConfig } from '@mfe/manifest';
import { serveStatic, type ServedRole } from './serve';

// Serves one app's build on its own, with the production headers, e.g. a redeployed remote:
// `pnpm --filter @mfe/referrals serve`. A build with an index.html is served as the host
// (headers from its config.json); any other as a remote, CORS granted to --host-origin
// (default: any localhost port).
const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { dir: { type: 'string', default: 'dist' }, port: { type: 'string' }, 'host-origin': { type: 'string', multiple: true } },
});
if (!values.port) {
  console.error('Usage: serve-cli --dir <build> --port <port> [--host-origin <origin>]...');
  process.exit(2);
}
const dir = resolve(values.dir ?? 'dist');
let role: ServedRole;
if (existsSync(join(dir, 'index.html'))) {
  const checked = validateRuntimeConfig(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')));
  if (!checked.ok) {
    console.error(`${join(dir, 'config.json')} is invalid:\n${checked.problems.map((problem) => `  - ${problem}`).join('\n')}`);
    process.exit(1);
  }
  role = { kind: 'host', headers: { config: checked.config } };
} else {
  role = { kind: 'remote', hostOrigins: values['host-origin'] ?? LOCAL_ORIGINS };
}
const server = await serveStatic({ dir, port: Number(values.port), role });
console.log(`Serving ${dir} at ${server.url} as the ${role.kind}`);
