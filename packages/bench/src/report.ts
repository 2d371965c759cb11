import { PROFILES, type LoadFigures, type Profile } from './measure';
import type { App, Pairs } from './scenarios';
import { fmt, medianInterval, summarize, type Interval, type Summary } from './stats';
import { drawWaterfall, typicalWaterfall } from './waterfall';
import type { Waterfall } from './measure';

// What the benchmark reports: figures summarised per metric, ratios and differences pair by pair,
// the table. Each budget with its verdict: budgets.ts.

export type Metric = Exclude<keyof LoadFigures, 'waterfall'>;
const METRICS: readonly Metric[] = [
  'paintMs',
  'fcpMs',
  'requests',
  'requestsBeforePaint',
  'jsRequests',
  'jsBytes',
  'jsGzipBytes',
  'jsBeforePaintGzipBytes',
  'jsTransferBytes',
  'tbtMs',
  'heapBytes',
  'reactCopies',
  'belowFoldScriptsEarly',
  'remoteRequestedMs',
  'hostScriptLoadedMs',
];

function summarizeRuns(runs: readonly LoadFigures[]): Record<Metric, Summary> {
  return Object.fromEntries(METRICS.map((metric) => [metric, summarize(runs.map((run) => run[metric]))])) as Record<
    Metric,
    Summary
  >;
}

export interface Comparison {
  readonly scenario: string;
  readonly profile: string;
  readonly a: string;
  readonly b: string;
  readonly aFigures: Record<Metric, Summary>;
  readonly bFigures: Record<Metric, Summary>;
  readonly paintRatio: Summary;
  /** The pairs measured, and the 95 % interval of their ratios' median (none for fewer than 6 pairs). */
  readonly pairs: number;
  readonly paintRatioInterval?: Interval;
  /** The share of all CPUs other processes took while this comparison was measured (machine-load.ts). */
  readonly othersShare?: number;
  /** Content painted, a minus b, pair by pair (ms). */
  readonly paintDelta: Summary;
  /** How long before its own main script had loaded a's page asked for the remote, load by load (ms; negative: after). */
  readonly remoteLead: Summary;
  /** A typical load of each (the median one): its requests and long tasks. */
  readonly aWaterfall?: Waterfall;
  readonly bWaterfall?: Waterfall;
  /** Loads that failed (never painted or worked in time), measured again: said, never dropped. */
  readonly failedLoads: readonly string[];
}

export function compare(scenario: string, profile: Profile, a: App, b: App, { results, failed }: Pairs): Comparison {
  const ratios = results.map(([x, y]) => x.paintMs / y.paintMs);
  const interval = medianInterval(ratios);
  return {
    failedLoads: failed,
    scenario,
    profile: profile.name,
    a: a.label,
    b: b.label,
    aFigures: summarizeRuns(results.map(([x]) => x)),
    bFigures: summarizeRuns(results.map(([, y]) => y)),
    paintRatio: summarize(ratios),
    pairs: results.length,
    ...(interval ? { paintRatioInterval: interval } : {}),
    paintDelta: summarize(results.map(([x, y]) => x.paintMs - y.paintMs)),
    remoteLead: summarize(
      results.filter(([x]) => x.remoteRequestedMs >= 0).map(([x]) => x.hostScriptLoadedMs - x.remoteRequestedMs),
    ),
    aWaterfall: typicalWaterfall(results.map(([x]) => x)),
    bWaterfall: typicalWaterfall(results.map(([, y]) => y)),
  };
}

/** The typical load's waterfall of each app of each scenario in one profile (the throttled one by default). */
export function waterfalls(comparisons: readonly Comparison[], profile: string = PROFILES[1]!.name): string {
  return comparisons
    .filter((c) => c.profile === profile)
    .flatMap((c) => [
      c.aWaterfall ? drawWaterfall(`${c.scenario} · ${c.a} (${c.profile})`, c.aWaterfall) : '',
      c.bWaterfall ? drawWaterfall(`${c.scenario} · ${c.b} (${c.profile})`, c.bWaterfall) : '',
    ])
    .filter(Boolean)
    .join('\n\n');
}

const ratioText = (s: Summary) => `${s.median.toFixed(2)}× (${s.min.toFixed(2)}–${s.max.toFixed(2)})`;

export function table(comparisons: readonly Comparison[]): string {
  const rows = [
    '| scenario | profile | app | content painted | FCP | remote requested | main script loaded | requests (all / before paint) | JS raw | JS gzip | JS gzip before paint | JS over network | TBT | heap | React copies | paint ratio |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const c of comparisons) {
    for (const [label, f, ratio] of [
      [c.a, c.aFigures, ratioText(c.paintRatio)] as const,
      [c.b, c.bFigures, '1 (reference)'] as const,
    ]) {
      rows.push(
        `| ${c.scenario} | ${c.profile} | ${label} | ${fmt(f.paintMs, 'ms')} | ${fmt(f.fcpMs, 'ms')} | ${f.remoteRequestedMs.max < 0 ? '–' : fmt(f.remoteRequestedMs, 'ms')} | ${fmt(f.hostScriptLoadedMs, 'ms')} | ${fmt(f.requests, '')} / ${fmt(f.requestsBeforePaint, '')} | ${fmt(f.jsBytes, 'KiB')} | ${fmt(f.jsGzipBytes, 'KiB')} | ${fmt(f.jsBeforePaintGzipBytes, 'KiB')} | ${fmt(f.jsTransferBytes, 'KiB')} | ${fmt(f.tbtMs, 'ms')} | ${fmt(f.heapBytes, 'MiB')} | ${fmt(f.reactCopies, '')} | ${ratio} |`,
      );
    }
  }
  return rows.join('\n');
}
