import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serveStatic } from './serve';

// Serves one app's build on its own, e.g. a redeployed remote:
// `pnpm --filter @mfe/referrals serve`
const { values } = parseArgs({
  options: { dir: { type: 'string', default: 'dist' }, port: { type: 'string' }, spa: { type: 'boolean', default: false }, cors: { type: 'boolean', default: false } },
});
if (!values.port) throw new Error('--port is required');
const server = await serveStatic({ dir: resolve(values.dir ?? 'dist'), port: Number(values.port), spa: values.spa ?? false, cors: values.cors ?? false });
console.log(`Serving ${resolve(values.dir ?? 'dist')} at ${server.url}`);
