import { Counter, Registry } from 'prom-client';

/**
 * The counters a rollout's analysis reads (through Prometheus, which scrapes `/metrics`): per
 * remote, version and canary side (`variant`), the loads of the remote and the errors attributed
 * to it, by kind. Made from the OTLP log records the host sends; in production the OpenTelemetry
 * Collector's count connector makes the same series (docs/operations/releases.md).
 */
export const METRIC_NAMES = { loads: 'mfe_remote_loads_total', errors: 'mfe_remote_errors_total' } as const;

/** Which records count, and as what: the host's record names (telemetry/, remotes/ in the host). */
const ERROR_KINDS: Readonly<Record<string, string>> = {
  'remote load failed': 'load',
  'render error': 'render',
  'uncaught error': 'uncaught',
  'unhandled rejection': 'uncaught',
};

type Attributes = ReadonlyArray<{ readonly key?: unknown; readonly value?: { readonly stringValue?: unknown } }>;

export interface CollectorMetrics {
  readonly contentType: string;
  /** Counts what one OTLP/HTTP JSON logs body carries; anything unreadable is skipped. */
  count(body: string): void;
  text(): Promise<string>;
}

export function createCollectorMetrics(): CollectorMetrics {
  const registry = new Registry();
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
  return {
    contentType: registry.contentType,
    count(body) {
      let parsed: { resourceLogs?: Array<{ scopeLogs?: Array<{ logRecords?: Array<{ attributes?: Attributes }> }> }> };
      try {
        parsed = JSON.parse(body);
      } catch {
        return;
      }
      for (const resource of parsed.resourceLogs ?? []) {
        for (const scope of resource.scopeLogs ?? []) {
          for (const record of scope.logRecords ?? []) {
            const attribute = (key: string) => {
              const value = record.attributes?.find((candidate) => candidate.key === key)?.value?.stringValue;
              return typeof value === 'string' ? value : undefined;
            };
            const remote = attribute('mfe.remote.name');
            if (!remote) continue;
            const labels = {
              remote,
              version: attribute('mfe.remote.version') ?? 'unknown',
              variant: attribute('mfe.remote.variant') ?? 'stable',
            };
            const name = attribute('event.name') ?? '';
            if (name === 'remote loaded' || name === 'remote load failed') loads.inc(labels);
            const kind = attribute('mfe.kind') === 'error' ? ERROR_KINDS[name] : undefined;
            if (kind) errors.inc({ ...labels, kind });
          }
        }
      }
    },
    text: () => registry.metrics(),
  };
}
