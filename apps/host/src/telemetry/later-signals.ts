// What the hub adds once the page works, in a chunk of its own (`start-hub.ts` loads it): the
// error-reporting adapter, the areas' load traces as OpenTelemetry spans, web vitals and the tag loader. A page left before then sends its queue
// without them: the collector's adapter, which the rollouts' error rates read, is in the first script.
export { otlpSpans } from './load-spans';
export { sentryAdapter } from './sentry-adapter';
export { installTagLoader } from './tag-loader';
export { installWebVitals } from './vitals';
