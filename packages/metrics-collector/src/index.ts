export { createRemoteCounts, type DropReason, type RemoteCounts } from './counts';
export { METRIC_NAMES } from './metric-names';
export { createRateLimiter, type RateLimiter } from './rate-limit';
export {
  createMetricsCollector,
  RATE_LIMIT,
  TIME_LIMITS,
  type MetricsCollector,
  type MetricsCollectorOptions,
  type Outcome,
  type TimeLimits,
} from './service';
