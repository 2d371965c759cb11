import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JUDGED_PROFILE, PROFILES } from './measure';
import { budgets } from './budgets';
import { choose, type Measurement } from './plan';
import { compare, table, waterfalls, type Comparison } from './report';
import { startRigs, type Apps } from './rigs';
import { pairs } from './scenarios';
import { LOADS, readOptions, type Options } from './options';

// `pnpm bench` and its options (options.ts). Builds come first (the root script runs `pnpm build`
// and the references' builds).
const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', '..', '..', '.bench');

async function main() {
  const started = Date.now();
  const options = readOptions(process.argv);
  const plan = choose(options.only);
  mkdirSync(outDir, { recursive: true });
  const rigs = await startRigs(join(here, '..'), outDir);
  try {
    const comparisons = await measure(plan, rigs.apps, options);
    writeReport(comparisons, options, started);
  } finally {
    await rigs.close();
  }
}

/**
 * Every measurement of the plan on every profile, loads alternating pair by pair; a smoke run
 * (`--quick`) takes each once on the throttled profile, the one the budgets are judged on.
 */
async function measure(plan: readonly Measurement[], apps: Apps, options: Options): Promise<Comparison[]> {
  const comparisons: Comparison[] = [];
  const profiles = options.quick ? PROFILES.filter((profile) => profile.name === JUDGED_PROFILE) : PROFILES;
  for (const profile of profiles)
    for (const { name, says, measured, against, scenario, referenceScenario } of plan) {
      console.log(`measuring ${says} (${profile.name}) …`);
      const [a, b] = [apps[measured], apps[against]];
      const measuredPairs = await pairs(a, b, profile, options.loads, scenario, referenceScenario, {
        warmUp: !options.quick,
      });
      comparisons.push(compare(name, profile, a, b, measuredPairs));
    }
  return comparisons;
}

/** What the report calls the run: only a run of the standard loads is a full run (the README's table). */
function runKind({ quick, loads }: Options): string {
  if (quick) return 'QUICK (smoke) run';
  return loads === LOADS.full ? 'full run' : `not a full run (${LOADS.full} loads make one)`;
}

/** The table, the budgets' verdicts and the waterfalls: printed, and written to .bench/. */
function writeReport(comparisons: Comparison[], options: Options, started: number): void {
  const checks = budgets(comparisons);
  const markdown = [
    `Benchmark: ${options.loads} loads per case after a warm-up, medians with min–max, fresh profile and empty cache per load; ${new Date().toISOString()}; ${runKind(options)}${options.only ? `, only "${options.only}"` : ''}.`,
    '',
    table(comparisons),
    '',
    '| budget | measured | |',
    '|---|---|---|',
    ...checks.map((c) => `| ${c.budget} | ${c.measured} | ${c.ok ? 'within' : 'OVER'} |`),
  ].join('\n');
  const drawn = waterfalls(comparisons);
  writeFileSync(
    join(outDir, 'results.json'),
    JSON.stringify({ loads: options.loads, quick: options.quick, comparisons, budgets: checks }, null, 2),
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
