import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { GLOBAL_OPTIONS, wholeNumber, type Command, type Option, type Outcome, type Scope } from './cli/command';
import { COMMANDS } from './cli/commands';
import { USAGE } from './cli/help';
import { OPTIONS, usage } from './cli/options';
import { isReleaseError } from './errors';
import { defaultActor, openStore, quietSdkNodeWarning } from './store/open-store';

// `mfe-release`: the command line read, its command looked up in the table (cli/commands/), run,
// and what it did printed; a refusal printed with its stable code on the last line.

async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals, tokens } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: OPTIONS,
    tokens: true,
  });
  const [name, ...args] = positionals;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!name) return usage(`Which command?\n\n${USAGE}`);
  const command = COMMANDS[name] ?? usage(`"${name}" is not a command.`);
  refuseOptionsNotTaken(name, command, tokens);
  return print(await command.run(scopeOf(name, args, values)), values.json ?? false);
}

/** An option the command does not take would be ignored in silence (`deploy --percent 5`): refused instead. */
function refuseOptionsNotTaken(name: string, command: Command, tokens: ReadonlyArray<{ kind: string; name?: string }>) {
  const taken = new Set<string>([...GLOBAL_OPTIONS, ...command.options]);
  const given = tokens.flatMap((token) => (token.kind === 'option' && token.name ? [token.name as Option] : []));
  const refused = [...new Set(given.filter((option) => !taken.has(option)))];
  if (refused.length > 0)
    usage(
      `${name} does not take ${refused.map((option) => `--${option}`).join(', ')}${command.options.length ? `: its own options are ${command.options.map((option) => `--${option}`).join(', ')}` : ''}.`,
    );
}

/** The store the command line names, who acts (`--actor`, `--reason`), the change's guards and host, and its options. */
function scopeOf(name: string, args: readonly string[], values: Scope['values']): Scope {
  const address = values.store ?? process.env.MFE_RELEASE_STORE;
  if (!address) usage('Which store? Give --store <folder | s3://bucket/prefix> (or MFE_RELEASE_STORE).');
  // pnpm runs the script inside this package: paths are meant from where the user typed them.
  const here = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);
  if (address.startsWith('s3://')) {
    const note = quietSdkNodeWarning(process.versions.node, process.env);
    if (note) console.error(note);
  }
  const s3Endpoint = values['s3-endpoint'] ?? process.env.MFE_RELEASE_S3_ENDPOINT;
  const store = openStore(address.startsWith('s3://') ? address : here(address), s3Endpoint ? { s3Endpoint } : {});
  const expect = wholeNumber(values.expect, '--expect takes a revision number (history lists them).', 0);
  const env = () => values.env?.[0] ?? usage('Which environment? Give --env <name>.');
  const who = { actor: values.actor ?? defaultActor(), reason: values.reason ?? '' };
  const options = {
    // init's --host is each environment's host, recorded in the store, not this command's.
    ...(name !== 'init' && values.host?.[0] ? { host: values.host[0] } : {}),
    ...(expect !== undefined ? { expect } : {}),
    ...(values['dry-run'] ? { dryRun: true } : {}),
  };
  return {
    store,
    who,
    options,
    values,
    args,
    env,
    acting: (actingIn = env()) => ({ store, env: actingIn, who, options }),
    here,
    // With --json, standard output carries one JSON document; what is said along the way goes to standard error.
    say: (line) => (values.json ? console.error(line) : console.log(line)),
  };
}

/** What the command did, on standard output: its lines, or with --json one document. */
function print(outcome: Outcome, json: boolean): number {
  if ('json' in outcome) console.log(JSON.stringify(outcome.json, null, 2));
  else if ('lines' in outcome) {
    if (json) console.log(JSON.stringify({ ok: true, lines: outcome.lines }, null, 2));
    else for (const line of outcome.lines) console.log(line);
  }
  return outcome.exit ?? 0;
}

const argv = process.argv.slice(2);
main(argv).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const usageError =
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS_') ||
      (isReleaseError(error) && error.code === 'RELEASE_USAGE');
    // The stable code a pipeline can branch on (the message's words may change), on the last line.
    const code = usageError ? 'RELEASE_USAGE' : isReleaseError(error) ? error.code : 'RELEASE_FAILED';
    const lines = isReleaseError(error) ? error.lines : [];
    if (argv.includes('--json'))
      console.log(JSON.stringify({ ok: false, code, message: (error as Error).message, lines }, null, 2));
    if (usageError) console.error(`${(error as Error).message}\n(mfe-release --help lists the commands)`);
    else {
      console.error(`✖ ${(error as Error).message}`);
      for (const line of lines) console.error(`  ${line}`);
    }
    console.error(`  (${code})`);
    process.exit(usageError ? 2 : 1);
  },
);
