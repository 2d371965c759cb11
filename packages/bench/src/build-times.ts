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
// fixture referrals-rspack), in alternating pairs after one warm-up each: its browser and server
// builds, wall time of the command a team runs (`webpack` / `rspack build`, production), with the
// compilers' caches as a second build on the same machine finds them.
const PAIRS = Number(process.argv.find((arg) => arg.startsWith('--pairs='))?.slice('--pairs='.length) ?? 7);
const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', '..', '..', '.bench');

const BUILDS = {
  webpack: { dir: appDir('referrals'), command: ['webpack', '--mode', 'production'] },
  rspack: { dir: dirname(BUILT_WITH.rspack), command: ['rspack', 'build', '--mode', 'production'] },
} as const;
type Bundler = keyof typeof BUILDS;

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
for (const bundler of Object.keys(BUILDS) as Bundler[]) buildOnce(bundler); // warm-up: caches and the OS's
const times: Record<Bundler, number[]> = { webpack: [], rspack: [] };
const ratios: number[] = [];
for (let pair = 0; pair < PAIRS; pair += 1) {
  // Alternating which goes first, so neither always builds on the other's warm file cache.
  const order: Bundler[] = pair % 2 === 0 ? ['webpack', 'rspack'] : ['rspack', 'webpack'];
  const took = Object.fromEntries(order.map((bundler) => [bundler, buildOnce(bundler)])) as Record<Bundler, number>;
  times.webpack.push(took.webpack);
  times.rspack.push(took.rspack);
  ratios.push(took.rspack / took.webpack);
}
const machine = load.stop();

const interval = medianInterval(ratios);
const ratio = summarize(ratios);
const lines = [
  `# Build times: the referrals area, webpack against Rspack (${PAIRS} pairs after a warm-up each)`,
  '',
  describeLoad(machine),
  '',
  '| bundler | wall time, median (min–max) |',
  '| --- | --- |',
  `| webpack 5 (the preset) | ${fmt(summarize(times.webpack), 'ms')} |`,
  `| Rspack 2 (the preset, \`bundler: 'rspack'\`) | ${fmt(summarize(times.rspack), 'ms')} |`,
  '',
  `Rspack ÷ webpack, pair by pair: ${ratio.median.toFixed(2)}× (${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)})` +
    (interval
      ? `; the median's ${Math.round(interval.confidence * 100)} % interval ${interval.low.toFixed(2)}–${interval.high.toFixed(2)}.`
      : ' (too few pairs for an interval: give --pairs=6 or more).'),
];
console.log(lines.join('\n'));
mkdirSync(outDir, { recursive: true });
writeFileSync(
  join(outDir, 'build-times.json'),
  `${JSON.stringify({ pairs: PAIRS, times, ratios, machine, record: !wasLoaded(machine) }, null, 2)}\n`,
);
