import { resolve } from 'node:path';
import { readAreaArguments, AREA_USAGE } from './arguments';
import { planRemote, ScaffoldError } from './scaffold';
import { writeStandalone } from './standalone';

// A feature area in its own repository. (In the platform's repository, `pnpm create-remote` runs
// @mfe/stack's in-repo command with this package's plan and templates.)
const USAGE = `Usage: create-mfe-remote <name> --route /path --standalone <dir> [--label "Label"] [--react <major>] [--bundler rspack|rsbuild] [--registry <url of the @mfe scope>]
For example: create-mfe-remote payments --route /payments --standalone ../payments-remote
${AREA_USAGE}`;

async function main(): Promise<number> {
  const { request, values } = readAreaArguments(process.argv.slice(2), {
    standalone: { type: 'string' },
    registry: { type: 'string' },
  });
  if (!request) {
    console.error(USAGE);
    return 2;
  }
  if (values.standalone) {
    const dir = resolve(process.env.INIT_CWD ?? process.cwd(), values.standalone);
    const plan = planRemote(request, { apps: [], devRemotes: [] });
    const written = writeStandalone(dir, plan, values.registry ? { registry: values.registry } : {});
    console.log(`Created the "${plan.label}" feature area (remote ${plan.name}, ${plan.route}) in ${dir}:\n${written.map((file) => `  ${file}`).join('\n')}
Next:
  cd ${dir} && pnpm install && pnpm test && pnpm build   (README.md: develop, deploy, add to a manifest)`);
    return 0;
  }
  console.error(
    `Where? Give --standalone <dir> for a feature area in its own repository (in the platform's repository, \`pnpm create-remote\` adds one to it).\n\n${USAGE}`,
  );
  return 2;
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
