import { parseArgs } from 'node:util';
import { DEMO_USERS, startDevIdp } from './index';

// DEVELOPMENT ONLY: `pnpm --filter @mfe/dev-idp start -- --port 3100 --host-origin http://localhost:3000`
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '3100' },
    'host-origin': { type: 'string', multiple: true, default: ['http://localhost:3000'] },
  },
});
const port = Number(values.port);
const issuer = `http://localhost:${port}`;
const idp = await startDevIdp({ port, issuer, hostOrigins: values['host-origin'] ?? [] });
console.log(`Dev OpenID provider (DEVELOPMENT ONLY) at ${idp.issuer}`);
for (const user of DEMO_USERS) console.log(`  demo user: ${user.username} / ${user.password} (${user.roles.join(', ')})`);
const stop = () => void idp.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
