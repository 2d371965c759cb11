import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { planRemote, ScaffoldError, writeRemote } from './scaffold';
import { writeStandalone } from './standalone';

// In this repository:  pnpm create-remote <name> --route /path [--label "Shown in navigation"] [--no-install]
// Its own repository:  create-mfe-remote <name> --route /path --standalone <dir> [--registry <url of the @mfe scope>]
const USAGE = `Usage: pnpm create-remote <name> --route /path [--label "Label"]          (a feature area in this repository)
       create-mfe-remote <name> --route /path --standalone <dir> [--registry <url>]   (in its own repository)
For example: pnpm create-remote payments --route /payments`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    // pnpm may pass a literal "--" before the arguments.
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    allowPositionals: true,
    options: {
      route: { type: 'string' },
      label: { type: 'string' },
      'no-install': { type: 'boolean', default: false },
      standalone: { type: 'string' },
      registry: { type: 'string' },
    },
  });
  const [name] = positionals;
  if (!name || !values.route) {
    console.error(USAGE);
    return 2;
  }
  const request = { name, route: values.route, ...(values.label ? { label: values.label } : {}) };
  if (values.standalone) {
    const dir = resolve(process.env.INIT_CWD ?? process.cwd(), values.standalone);
    const plan = planRemote(request, { apps: [], devRemotes: [] });
    const written = writeStandalone(dir, plan, values.registry ? { registry: values.registry } : {});
    console.log(`Created the "${plan.label}" feature area (remote ${plan.name}, ${plan.route}) in ${dir}:\n${written.map((file) => `  ${file}`).join('\n')}
Next:
  cd ${dir} && pnpm install && pnpm test && pnpm build   (README.md: develop, deploy, add to a manifest)`);
    return 0;
  }
  // In this repository: the development manifest and workspace live beside this package.
  const repoRoot = join(__dirname, '..', '..', '..');
  const { DEV_MANIFEST_PATH, readDevRemotes } = await import('@mfe/stack/topology');
  const apps = readdirSync(join(repoRoot, 'apps'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const plan = planRemote(request, { apps, devRemotes: readDevRemotes(DEV_MANIFEST_PATH) });
  const written = writeRemote(repoRoot, plan, DEV_MANIFEST_PATH);
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

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ScaffoldError) {
      console.error(`${error.code}: ${error.message}`);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  },
);
