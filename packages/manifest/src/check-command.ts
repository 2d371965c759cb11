import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkManifest, describeDeployedHost, readHostDescription } from './check';
import { readHostRemotePolicy } from './runtime-config';

const USAGE = `Usage: mfe-manifest-check <remotes.json> (--host <url> | --host-build <dir>) [--config <host config.json>] [--allowed-origin <origin>]... [--reachable] [--allow-unpinned]
       (in this repository: pnpm manifest:check …, against this repository's host)

Validates a runtime manifest exactly as the host does, before it is published:
  --host            a deployed host: read what it provides (mfe-host.json) and the origins it allows (config.json)
  --host-build      a host's build folder: read what it provides from its mfe-host.json (when --host is not given)
  --config          read allowedRemoteOrigins from the host's runtime config file
  --allowed-origin  an origin entries may use (repeatable; adds to the above)
  --reachable       also fetch every entry and check the contract and library versions it was built for
  --allow-unpinned  accept entries without "integrity" (as a host with requireIntegrity: false does; the
                    host's config, when given, decides; otherwise every entry must be pinned)
Exits 1 when anything is wrong, 2 on bad usage.`;

/**
 * The check command (`mfe-manifest-check`) on its arguments: what it prints, and its exit code (0 all
 * valid, 1 a problem, 2 bad usage). Also run by this repository's `pnpm manifest:check`, which names
 * the host built from its sources.
 */
export async function manifestCheckCommand(argv: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        config: { type: 'string' },
        host: { type: 'string' },
        'host-build': { type: 'string' },
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
  if (values.help || positionals.length !== 1 || (!values.host && !values['host-build'])) {
    if (!values.help && positionals.length === 1)
      console.error('Say which host the manifest is for: --host <its URL>, or --host-build <its build folder>.\n');
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
    // A deployed host says what it provides; otherwise its build folder does (the preset writes mfe-host.json).
    const built =
      deployed ??
      readHostDescription(
        readJson(join(values['host-build']!, 'mfe-host.json'), 'host build description (build the host first?)'),
        `The host build's ${join(values['host-build']!, 'mfe-host.json')}`,
      );
    const { provided } = built;
    // The host's own rule when its config is known; otherwise fail closed unless told.
    const fromHost = config?.requireIntegrity ?? deployed?.requireIntegrity;
    const requireIntegrity = fromHost ?? !values['allow-unpinned'];
    const report = await checkManifest(manifest, {
      allowedOrigins,
      reachable: values.reachable ?? false,
      provided,
      requireIntegrity,
      // The slots the shell offers, as its mfe-host.json records them.
      ...(built.hostSlots ? { hostSlots: built.hostSlots } : {}),
    });
    for (const line of report.lines) console.log(line);
    console.log(report.ok ? 'manifest OK' : 'manifest has problems: fix them before publishing');
    return report.ok ? 0 : 1;
  } catch (error) {
    console.error(`✖ ${(error as Error).message}`);
    return 1;
  }
}
