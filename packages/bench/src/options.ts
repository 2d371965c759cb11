// The bench's command line: `pnpm bench` (10 loads per case on each profile), `--quick` (a smoke
// run for CI: each case once, on the throttled profile only, no warm-up; it proves every scenario
// still runs, its figures prove nothing),
// `--loads N` (more pairs, to tell a small change from this machine's run-to-run spread) and
// `--only <text>` (the scenarios whose name contains it, and their budgets); `--first-script` prints
// what the host's first script is made of (first-script.ts) and measures nothing.

export interface Options {
  readonly quick: boolean;
  readonly loads: number;
  readonly only: string | undefined;
  readonly firstScriptOnly?: true;
}

/** The fewest loads per case that give a median and a spread worth printing. */
const FEWEST_LOADS = 3;

/** Loads per case: the full run's, and the smoke run's (one: its figures are not budgets' evidence). */
export const LOADS = { full: 10, quick: 1 } as const;

/** The value after `flag`, or undefined when the flag is absent; a flag with nothing after it is refused. */
function valueOf(argv: readonly string[], flag: string, example: string): string | undefined {
  const at = argv.indexOf(flag);
  if (at < 0) return undefined;
  const value = argv[at + 1];
  if (!value || value.startsWith('--'))
    throw new Error(`${flag} needs a value after it, e.g. \`pnpm bench ${example}\`.`);
  return value;
}

export function readOptions(argv: readonly string[]): Options {
  if (argv.includes('--first-script')) return { quick: false, loads: 0, only: undefined, firstScriptOnly: true };
  const quick = argv.includes('--quick');
  const only = valueOf(argv, '--only', '--only navigation');
  const loadsText = valueOf(argv, '--loads', '--loads 30 --only interactive');
  if (quick && loadsText !== undefined) throw new Error('--quick and --loads say two numbers of loads: give one.');
  if (quick) return { quick, loads: LOADS.quick, only };
  const loads = loadsText === undefined ? LOADS.full : Number(loadsText);
  if (!Number.isInteger(loads) || loads < FEWEST_LOADS)
    throw new Error(`--loads takes a whole number of ${FEWEST_LOADS} or more (got ${JSON.stringify(loadsText)}).`);
  return { quick, loads, only };
}
