import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILT_WITH } from '@mfe/e2e/built-with';
import { appDir } from '@mfe/stack';
import { describeLoad, startLoadWatch, wasLoaded } from './machine-load';
import { fmt, medianInterval, summarize } from './stats';

// `pnpm bench:build`: how long one area takes to build with each bundler the preset supports, the
// repository's referrals area with webpack (its own build) against the same sources with Rspack (the
// fixture referrals-rspack) and with Rsbuild through the preset's plugin (referrals-rsbuild), in rounds
// after one warm-up each, the order rotating from round to round: its browser and server builds, wall
// time of the command a team runs (production), with the compilers' caches as a second build on the
// same machine finds them. Each other bundler's figure is also a ratio to webpack's in the same round.
const ROUNDS = Number(process.argv.find((arg) => arg.startsWith('--rounds='))?.slice('--rounds='.length) ?? 7);
const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', '..', '..', '.bench');

const BUILDS = {
  webpack: {
    dir: appDir('referrals'),
    command: ['webpack', '--mode', 'production'],
    label: 'webpack 5 (the preset)',
  },
  rspack: {
    dir: dirname(BUILT_WITH.rspack),
    command: ['rspack', 'build', '--mode', 'production'],
    label: "Rspack 2 (the preset, `bundler: 'rspack'`)",
  },
  rsbuild: {
    dir: dirname(BUILT_WITH.rsbuild),
    command: ['rsbuild', 'build', '--mode', 'production'],
    label: "Rsbuild 2 (the preset's plugin, `pluginMfeArea`)",
  },
} as const;
type Bundler = keyof typeof BUILDS;
const BUNDLERS = Object.keys(BUILDS) as Bundler[];
const OTHERS = BUNDLERS.filter((bundler) => bundler !== 'webpack');

/** One build, its wall time in ms; a failed build stops the bench (a figure of a broken build means nothing). */
function buildOnce(bundler: Bundler): number {
  const { dir, command } = BUILDS[bundler];
  const started = performance.now();
  const run = spawnSync('pnpm', ['exec', ...command], { cwd: dir, encoding: 'utf8' });
  const took = performance.now() - started;
  if (run.status !== 0) throw new Error(`${bundler} build in ${dir} failed:\n${run.stdout}\n${run.stderr}`);
  return took;
}

const load = startLoadWatch();
for (const bundler of BUNDLERS) buildOnce(bundler); // warm-up: caches and the OS's
const times = Object.fromEntries(BUNDLERS.map((bundler) => [bundler, [] as number[]])) as Record<Bundler, number[]>;
const ratios = Object.fromEntries(OTHERS.map((bundler) => [bundler, [] as number[]])) as Record<Bundler, number[]>;
for (let round = 0; round < ROUNDS; round += 1) {
  // The order rotates, so no bundler always builds on another's warm file cache.
  const order = BUNDLERS.map((_, index) => BUNDLERS[(index + round) % BUNDLERS.length]!);
  const took = Object.fromEntries(order.map((bundler) => [bundler, buildOnce(bundler)])) as Record<Bundler, number>;
  for (const bundler of BUNDLERS) times[bundler].push(took[bundler]);
  for (const bundler of OTHERS) ratios[bundler].push(took[bundler] / took.webpack);
}
const machine = load.stop();

const ratioLine = (bundler: Bundler) => {
  const ratio = summarize(ratios[bundler]);
  const interval = medianInterval(ratios[bundler]);
  return (
    `${BUILDS[bundler].label.split(' (')[0]} ÷ webpack, round by round: ${ratio.median.toFixed(2)}× (${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)})` +
    (interval
      ? `; the median's ${Math.round(interval.confidence * 100)} % interval ${interval.low.toFixed(2)}–${interval.high.toFixed(2)}.`
      : ' (too few rounds for an interval: give --rounds=6 or more).')
  );
};
const lines = [
  `# Build times: the referrals area with webpack, Rspack and Rsbuild (${ROUNDS} rounds after a warm-up each)`,
  '',
  describeLoad(machine),
  '',
  '| bundler | wall time, median (min–max) |',
  '| --- | --- |',
  ...BUNDLERS.map((bundler) => `| ${BUILDS[bundler].label} | ${fmt(summarize(times[bundler]), 'ms')} |`),
  '',
  ...OTHERS.map(ratioLine),
];
console.log(lines.join('\n'));
mkdirSync(outDir, { recursive: true });
writeFileSync(
  join(outDir, 'build-times.json'),
  `${JSON.stringify({ rounds: ROUNDS, times, ratios, machine, record: !wasLoaded(machine) }, null, 2)}\n`,
);
