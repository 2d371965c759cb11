import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkManifest, describeDeployedHost } from './check';
import { readHostRemotePolicy } from './runtime-config';

const USAGE = `Usage: mfe-manifest-check <remotes.json> [--host <url>] [--config <host config.json>] [--allowed-origin <origin>]... [--reachable] [--allow-unpinned]
       (in this repository: pnpm manifest:check …)

Validates a runtime manifest exactly as the host does, before it is published:
  --host            a deployed host: read what it provides (mfe-host.json) and the origins it allows (config.json)
  --config          read allowedRemoteOrigins from the host's runtime config file
  --allowed-origin  an origin entries may use (repeatable; adds to the above)
  --reachable       also fetch every entry and check the contract and library versions it was built for
  --allow-unpinned  accept entries without "integrity" (as a host with requireIntegrity: false does; the
                    host's config, when given, decides; otherwise every entry must be pinned)
Without --host, the versions are those of the host built from this repository.
Exits 1 when anything is wrong, 2 on bad usage.`;

const repoRoot = join(__dirname, '..', '..', '..');

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        config: { type: 'string' },
        host: { type: 'string' },
        'allowed-origin': { type: 'string', multiple: true },
        reachable: { type: 'boolean', default: false },
        'allow-unpinned': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length !== 1) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const readJson = (path: string, what: string): unknown => {
    try {
      // pnpm runs the script inside this package; paths are meant from where the user typed them.
      return JSON.parse(readFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), path), 'utf8'));
    } catch (error) {
      throw new Error(`The ${what} ${path} could not be read as JSON: ${(error as Error).message}`);
    }
  };
  try {
    const manifest = readJson(positionals[0]!, 'manifest');
    const config = values.config
      ? readHostRemotePolicy(readJson(values.config, 'host config'), `The host config ${values.config}`)
      : undefined;
    const deployed = values.host ? await describeDeployedHost(values.host) : undefined;
    const allowedOrigins = [
      ...(deployed?.allowedOrigins ?? []),
      ...(config?.allowedRemoteOrigins ?? []),
      ...(values['allowed-origin'] ?? []),
    ];
    let provided = deployed?.provided;
    if (!provided) {
      // What the host built from this repository provides.
      if (!existsSync(join(repoRoot, 'webpack.shared.js')))
        throw new Error('Pass --host <url of the deployed host> to check against what it provides.');
      const load = createRequire(__filename);
      const { providedVersions } = load(join(repoRoot, 'webpack.shared.js')) as {
        providedVersions(appDir: string): Record<string, string>;
      };
      provided = providedVersions(join(repoRoot, 'apps', 'host'));
    }
    // The host's own rule when its config is known; otherwise fail closed unless told.
    const fromHost = config?.requireIntegrity ?? deployed?.requireIntegrity;
    const requireIntegrity = fromHost ?? !values['allow-unpinned'];
    const report = await checkManifest(manifest, {
      allowedOrigins,
      reachable: values.reachable ?? false,
      provided,
      requireIntegrity,
      // Which slots the shell offers is known from a deployed host only (its mfe-host.json).
      ...(deployed?.hostSlots ? { hostSlots: deployed.hostSlots } : {}),
    });
    for (const line of report.lines) console.log(line);
    console.log(report.ok ? 'manifest OK' : 'manifest has problems: fix them before publishing');
    return report.ok ? 0 : 1;
  } catch (error) {
    console.error(`✖ ${(error as Error).message}`);
    return 1;
  }
}

void main().then((code) => process.exit(code));
