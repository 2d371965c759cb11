import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JUDGED_PROFILE, PROFILES } from './measure';
import { budgets } from './budgets';
import { choose, type Measurement } from './plan';
import { compare, table, waterfalls, type Comparison } from './report';
import { startRigs, type Apps } from './rigs';
import { pairs } from './scenarios';
import { HOST_DIST } from '@mfe/stack';
import { describeFirstScript, readFirstScript, type FirstScript } from './first-script';
import { LOADS, readOptions, type Options } from './options';
import { describeLoad, LOADED_SHARE, othersShare, startLoadWatch, wasLoaded, type MachineLoad } from './machine-load';

// `pnpm bench` and its options (options.ts). Builds come first (the root script runs `pnpm build`
// and the references' builds).
const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', '..', '..', '.bench');

async function main() {
  const started = Date.now();
  const options = readOptions(process.argv);
  const firstScript = checkFirstScript();
  if (options.firstScriptOnly) return;
  const plan = choose(options.only);
  mkdirSync(outDir, { recursive: true });
  const rigs = await startRigs(join(here, '..'), outDir);
  try {
    const load = startLoadWatch();
    const comparisons = await measure(plan, rigs.apps, options, load.mark);
    writeReport(comparisons, options, load.stop(), firstScript, started);
  } finally {
    await rigs.close();
  }
}

/**
 * What the host's first script is made of, printed; a package in it that may not be on the first
 * path ends the run before anything is measured, named.
 */
function checkFirstScript(): FirstScript {
  const script = readFirstScript(HOST_DIST);
  console.log(`${describeFirstScript(script)}\n`);
  if (script.unexpected.length > 0)
    throw new Error(
      `The host's first script carries ${script.unexpected.join(', ')}, which MAY_BE_ON_THE_FIRST_PATH (packages/bench/src/first-script.ts) does not name: load it in a chunk of its own, or name it there with why the first view needs it.`,
    );
  return script;
}

/**
 * Every measurement of the plan on every profile, loads alternating pair by pair; a smoke run
 * (`--quick`) takes each once on the throttled profile, the one the budgets are judged on.
 */
async function measure(
  plan: readonly Measurement[],
  apps: Apps,
  options: Options,
  mark: ReturnType<typeof startLoadWatch>['mark'],
): Promise<Comparison[]> {
  const comparisons: Comparison[] = [];
  const profiles = options.quick ? PROFILES.filter((profile) => profile.name === JUDGED_PROFILE) : PROFILES;
  for (const profile of profiles)
    for (const { name, says, measured, against, scenario, referenceScenario } of plan) {
      console.log(`measuring ${says} (${profile.name}) …`);
      const [a, b] = [apps[measured], apps[against]];
      const before = mark();
      const measuredPairs = await pairs(a, b, profile, options.loads, scenario, referenceScenario, {
        warmUp: !options.quick,
      });
      const share = othersShare(before, mark());
      comparisons.push({
        ...compare(name, profile, a, b, measuredPairs),
        ...(share === undefined ? {} : { othersShare: share }),
      });
    }
  return comparisons;
}

/**
 * What the report calls the run: only a run of at least the standard loads, on a machine idle
 * enough (machine-load.ts), is a full run, a record for docs/benchmarks/README.md's table.
 */
function runKind({ quick, loads }: Options, load: MachineLoad): string {
  if (quick) return 'QUICK (smoke) run';
  if (wasLoaded(load)) return 'NOT A RECORD: the machine was loaded';
  return loads >= LOADS.full ? 'full run' : `not a full run (${LOADS.full} loads or more make one)`;
}

/** Which comparisons other processes disturbed most: a loaded run says where. */
const disturbed = (comparisons: readonly Comparison[]) =>
  comparisons
    .filter((c) => (c.othersShare ?? 0) > LOADED_SHARE)
    .map((c) => `${c.scenario} (${c.profile}): ${((c.othersShare ?? 0) * 100).toFixed(0)} %`)
    .join('; ');

/** The table, the budgets' verdicts and the waterfalls: printed, and written to .bench/. */
function writeReport(
  comparisons: Comparison[],
  options: Options,
  load: MachineLoad,
  firstScript: FirstScript,
  started: number,
): void {
  const checks = budgets(comparisons);
  const busiest = disturbed(comparisons);
  const markdown = [
    `Benchmark: ${options.loads} loads per case${options.quick ? ', no warm-up' : ' after a warm-up'}, medians with min–max, fresh profile and empty cache per load; ${new Date().toISOString()}; ${runKind(options, load)}${options.only ? `, only "${options.only}"` : ''}.`,
    '',
    `Machine: ${describeLoad(load)}${busiest ? ` Disturbed most: ${busiest}.` : ''}`,
    '',
    table(comparisons),
    '',
    '| budget | measured | verdict (on the median) | decided? |',
    '|---|---|---|---|',
    ...checks.map((c) => `| ${c.budget} | ${c.measured} | ${c.ok ? 'within' : 'OVER'} | ${c.decision ?? '–'} |`),
    '',
    describeFirstScript(firstScript),
  ].join('\n');
  const drawn = waterfalls(comparisons);
  writeFileSync(
    join(outDir, 'results.json'),
    JSON.stringify(
      {
        loads: options.loads,
        quick: options.quick,
        machine: load,
        record: !options.quick && !wasLoaded(load),
        comparisons,
        budgets: checks,
      },
      null,
      2,
    ),
  );
  writeFileSync(join(outDir, 'results.md'), `${markdown}\n`);
  writeFileSync(join(outDir, 'waterfalls.txt'), `${drawn}\n`);
  console.log(
    `\nWaterfalls (a typical load of each, throttled; █ a request from sent to finished, ▒ a long task):\n\n${drawn}`,
  );
  console.log(
    `\n${markdown}\n\n(results in .bench/results.json, .bench/results.md and .bench/waterfalls.txt; ${Math.round((Date.now() - started) / 1000)} s)`,
  );
}

await main();
