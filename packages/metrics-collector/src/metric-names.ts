/**
 * The series a rollout's analysis reads (through Prometheus): the one place their names are
 * written, for the collector that makes them and `mfe-release`, which queries them.
 */
export const METRIC_NAMES = { loads: 'mfe_remote_loads_total', errors: 'mfe_remote_errors_total' } as const;
