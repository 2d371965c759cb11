import { isValidName } from '@mfe/manifest';
import { Counter, Histogram, type Registry } from 'prom-client';
import { METRIC_NAMES, SPEED_BUCKETS } from './metric-names';

/**
 * The counters a rollout's analysis reads (through Prometheus, which scrapes `/metrics`): per
 * remote, version and canary side (`variant`), the loads of the remote and the errors attributed
 * to it, by kind; and how fast it is: its load time and the web vitals measured while its area was
 * on screen (LCP, INP, CLS), as histograms. Made from the OTLP log records the host sends (its
 * telemetry's record names).
 *
 * Labels come from browsers, so each is held to a rule before it names a series (a remote's name
 * by the manifest's rule, a version of letters, digits and `.+-`, a side of `stable` or
 * `candidate`), and the number of series is bounded: a record that breaks a rule, or would start
 * a series past the bound, is dropped and counted as dropped, never stored.
 */

/** Which records count as errors, and of which kind: the host's record names (telemetry/, remotes/). */
const ERROR_KINDS: Readonly<Record<string, string>> = {
  'remote load failed': 'load',
  'render error': 'render',
  'uncaught error': 'uncaught',
  'unhandled rejection': 'uncaught',
};
const LOAD_RECORDS = new Set(['remote loaded', 'remote load failed']);
const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/;
const VARIANTS = new Set(['stable', 'candidate']);
/** A preview link's loads are no environment's: not counted, and not a broken rule either. */
const UNCOUNTED_VARIANTS = new Set(['preview']);

/** Web vitals (the host's `vital` records by name) and the histogram each goes to, in the histogram's unit. */
const VITALS: Readonly<
  Record<string, { readonly metric: 'lcpSeconds' | 'inpSeconds' | 'cls'; readonly scale: number }>
> = {
  LCP: { metric: 'lcpSeconds', scale: 1 / 1000 },
  INP: { metric: 'inpSeconds', scale: 1 / 1000 },
  CLS: { metric: 'cls', scale: 1 },
};

type Attributes = ReadonlyArray<{
  readonly key?: unknown;
  readonly value?: { readonly stringValue?: unknown; readonly doubleValue?: unknown };
}>;
interface LogsBody {
  readonly resourceLogs?: ReadonlyArray<{
    readonly scopeLogs?: ReadonlyArray<{ readonly logRecords?: ReadonlyArray<{ readonly attributes?: Attributes }> }>;
  }>;
}

export type DropReason = 'invalid_labels' | 'too_many_series';

export interface RemoteCounts {
  /** Counts what one parsed OTLP/HTTP JSON logs body carries; returns how many records counted. */
  count(body: unknown): number;
}

export function createRemoteCounts(registry: Registry, { maxSeries = 10_000 } = {}): RemoteCounts {
  const labelNames = ['remote', 'version', 'variant'] as const;
  const loads = new Counter({
    name: METRIC_NAMES.loads,
    help: 'Loads of a remote (succeeded or failed), by version and canary side.',
    labelNames,
    registers: [registry],
  });
  const errors = new Counter({
    name: METRIC_NAMES.errors,
    help: 'Errors attributed to a remote: load failures, render errors, uncaught errors.',
    labelNames: [...labelNames, 'kind'],
    registers: [registry],
  });
  const histogram = (metric: keyof typeof SPEED_BUCKETS, help: string) =>
    new Histogram({
      name: METRIC_NAMES[metric],
      help,
      labelNames,
      buckets: [...SPEED_BUCKETS[metric]],
      registers: [registry],
    });
  const speed = {
    loadSeconds: histogram('loadSeconds', "A remote's load, from its manifest read to its module run, in seconds."),
    lcpSeconds: histogram('lcpSeconds', "Largest Contentful Paint of pages showing the remote's area, in seconds."),
    inpSeconds: histogram('inpSeconds', "Interaction to Next Paint of pages showing the remote's area, in seconds."),
    cls: histogram('cls', "Cumulative Layout Shift of pages showing the remote's area."),
  };
  const dropped = new Counter({
    name: 'mfe_collector_dropped_records_total',
    help: 'Records not counted: labels that break their rule, or a series past the bound.',
    labelNames: ['reason'],
    registers: [registry],
  });
  const series = new Set<string>();
  /** Whether these series may be counted: known, or room for the new ones (all or none). */
  const admit = (keys: readonly string[]): boolean => {
    const fresh = keys.filter((key) => !series.has(key));
    if (series.size + fresh.length > maxSeries) return false;
    for (const key of fresh) series.add(key);
    return true;
  };

  return {
    count(body) {
      let counted = 0;
      const logs = (typeof body === 'object' && body !== null ? body : {}) as LogsBody;
      for (const resource of arrayOf(logs.resourceLogs)) {
        for (const scope of arrayOf(resource?.scopeLogs)) {
          for (const record of arrayOf(scope?.logRecords)) {
            const attribute = (key: string) => {
              const value = attributeOf(record?.attributes, key)?.stringValue;
              return typeof value === 'string' ? value : undefined;
            };
            const number = (key: string) => {
              const value = attributeOf(record?.attributes, key)?.doubleValue;
              return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
            };
            const name = attribute('event.name') ?? '';
            const kind = attribute('mfe.kind') === 'error' ? ERROR_KINDS[name] : undefined;
            const vital = attribute('mfe.kind') === 'vital' ? VITALS[name] : undefined;
            const remote = attribute('mfe.remote.name');
            if (!remote || (!LOAD_RECORDS.has(name) && !kind && !vital)) continue;
            const labels = {
              remote,
              version: attribute('mfe.remote.version') ?? 'unknown',
              variant: attribute('mfe.remote.variant') ?? 'stable',
            };
            if (UNCOUNTED_VARIANTS.has(labels.variant)) continue;
            if (!isValidName(labels.remote) || !VERSION_PATTERN.test(labels.version) || !VARIANTS.has(labels.variant)) {
              dropped.inc({ reason: 'invalid_labels' satisfies DropReason });
              continue;
            }
            const key = `${labels.remote}\n${labels.version}\n${labels.variant}`;
            const isLoad = LOAD_RECORDS.has(name);
            // A histogram's series are its remote's, version's and side's, as the loads counter's.
            if (!admit([...(isLoad || vital ? [key] : []), ...(kind ? [`${key}\n${kind}`] : [])])) {
              dropped.inc({ reason: 'too_many_series' satisfies DropReason });
              continue;
            }
            if (isLoad) loads.inc(labels);
            if (kind) errors.inc({ ...labels, kind });
            const loadMs = name === 'remote loaded' ? number('mfe.attr.loadMs') : undefined;
            if (loadMs !== undefined) speed.loadSeconds.observe(labels, loadMs / 1000);
            const value = vital ? number('mfe.vital.value') : undefined;
            if (vital && value !== undefined) speed[vital.metric].observe(labels, value * vital.scale);
            counted += 1;
          }
        }
      }
      return counted;
    },
  };
}

function attributeOf(attributes: Attributes | undefined, key: string) {
  return arrayOf(attributes).find((candidate) => candidate?.key === key)?.value;
}

function arrayOf<T>(value: readonly T[] | undefined): readonly T[] {
  return Array.isArray(value) ? value : [];
}
