import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEV_MANIFEST_PATH, readDevRemotes } from '@mfe/stack/dev-manifest';
import { planRemote, ScaffoldError, writeRemote } from './scaffold';

// `pnpm create-remote <name> --route /path [--label "Shown in navigation"] [--no-install]`
const repoRoot = join(__dirname, '..', '..', '..');
const { values, positionals } = parseArgs({
  // pnpm may pass a literal "--" before the arguments.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  allowPositionals: true,
  options: { route: { type: 'string' }, label: { type: 'string' }, 'no-install': { type: 'boolean', default: false } },
});
const [name] = positionals;
if (!name || !values.route) {
  console.error('Usage: pnpm create-remote <name> --route /path [--label "Label"]\nFor example: pnpm create-remote payments --route /payments');
  process.exit(2);
}

try {
  const apps = readdirSync(join(repoRoot, 'apps'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  const plan = planRemote({ name, route: values.route, ...(values.label ? { label: values.label } : {}) }, { apps, devRemotes: readDevRemotes(DEV_MANIFEST_PATH) });
  const written = writeRemote(repoRoot, plan, DEV_MANIFEST_PATH);
  console.log(`Created the "${plan.label}" feature area (remote ${plan.name}, ${plan.route}, port ${plan.port}):\n${written.map((file) => `  ${file}`).join('\n')}`);
  if (!values['no-install']) {
    // Links the new workspace package; everything it needs is already in the lockfile's store.
    const install = spawnSync('pnpm', ['install', '--prefer-offline', '--no-frozen-lockfile'], { cwd: repoRoot, stdio: 'inherit' });
    if (install.status !== 0) throw new Error('pnpm install failed; run it yourself, then continue.');
  }
  console.log(`
Next:
  pnpm dev ${plan.name}                      develop it inside the host, reloading on save
  pnpm test:unit                       its unit tests (apps/${plan.name}/src/*.test.tsx)
  pnpm build && pnpm test:e2e          its browser test (apps/${plan.name}/e2e)
  docs/guides/ship-a-feature-area.md   build, deploy, add to a manifest, roll back`);
} catch (error) {
  if (error instanceof ScaffoldError) {
    console.error(`${error.code}: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
