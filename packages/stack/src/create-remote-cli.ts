import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { planRemote, readAreaArguments, AREA_USAGE, ScaffoldError, writeRemote } from '@mfe/create-remote';
import { APPS_DIR, appDir, DEV_MANIFEST_PATH, readDevRemotes } from './topology';

// `pnpm create-remote`: a new feature area in this repository, with the published scaffold's plan
// and templates (@mfe/create-remote), added to this repository's development remote list and
// workspace. The rig's part: the published command knows nothing of this repository.
const USAGE = `Usage: pnpm create-remote <name> --route /path [--label "Label"] [--react <major>] [--bundler rspack|rsbuild] [--no-install]
For example: pnpm create-remote payments --route /payments
${AREA_USAGE}
(A feature area in its own repository: create-mfe-remote <name> --route /path --standalone <dir>.)`;
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function main(): number {
  const { request, values } = readAreaArguments(process.argv.slice(2), {
    'no-install': { type: 'boolean', default: false },
  });
  if (!request) {
    console.error(USAGE);
    return 2;
  }
  const apps = readdirSync(APPS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const plan = planRemote(request, { apps, devRemotes: readDevRemotes() });
  const written = writeRemote(plan, {
    repoRoot,
    appDir: appDir(plan.name),
    devManifestPath: DEV_MANIFEST_PATH,
  });
  console.log(
    `Created the "${plan.label}" feature area (remote ${plan.name}, ${plan.route}, port ${plan.port}):\n${written.map((file) => `  ${file}`).join('\n')}`,
  );
  if (!values['no-install']) {
    // Links the new workspace package; everything it needs is already in the lockfile's store.
    const install = spawnSync('pnpm', ['install', '--prefer-offline', '--no-frozen-lockfile'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (install.status !== 0) throw new Error('pnpm install failed; run it yourself, then continue.');
  }
  console.log(`
Next:
  pnpm dev ${plan.name}                      develop it inside the host, reloading on save
  pnpm test:unit                       its unit tests (apps/${plan.name}/src/*.test.tsx)
  pnpm build && pnpm test:e2e          its browser test (apps/${plan.name}/e2e)
  docs/guides/ship-a-feature-area.md   build, deploy, add to a manifest, roll back`);
  return 0;
}

try {
  process.exit(main());
} catch (error) {
  console.error(error instanceof ScaffoldError ? `${error.code}: ${error.message}` : error);
  process.exit(1);
}
