/**
 * The series a rollout's analysis reads (through Prometheus): the one place their names are
 * written, for the collector that makes them and `mfe-release`, which queries them.
 */
export const METRIC_NAMES = {
  loads: 'mfe_remote_loads_total',
  errors: 'mfe_remote_errors_total',
  /** A remote's load, from its manifest read to its module run (the host's `remote loaded` record). */
  loadSeconds: 'mfe_remote_load_seconds',
  /** The web vitals measured while a remote's area was on screen. */
  lcpSeconds: 'mfe_remote_lcp_seconds',
  inpSeconds: 'mfe_remote_inp_seconds',
  cls: 'mfe_remote_cls',
} as const;

/**
 * The histograms' bucket bounds. Each holds the web's own thresholds (LCP good ≤ 2.5 s, poor > 4 s;
 * INP good ≤ 200 ms, poor > 500 ms; CLS good ≤ 0.1, poor > 0.25) as bounds, so the share of visits
 * over one is read exactly from the buckets, not estimated between them.
 */
export const SPEED_BUCKETS = {
  loadSeconds: [0.1, 0.25, 0.5, 1, 2, 4, 8, 16],
  lcpSeconds: [0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10],
  inpSeconds: [0.05, 0.1, 0.2, 0.3, 0.5, 1, 2],
  cls: [0.01, 0.05, 0.1, 0.25, 0.5, 1],
} as const;
