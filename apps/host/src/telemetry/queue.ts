import type { TelemetryInput } from './record';

// Where every report goes first: in the host's first script, so what happens before the shell's code
// has come (the opening area's island loading its remote) is kept. Until the hub starts (index.ts,
// once the page works) reports only queue here, each with the time and route it was made at.
let sink: ((input: TelemetryInput) => void) | undefined;
const early: TelemetryInput[] = [];
/** Reports kept for the hub; past this, the oldest are dropped. */
const EARLY_LIMIT = 100;

/** The route a report is made on; none in a page rendered ahead of time (Node), where nothing is sent. */
export function pageRoute(): string | undefined {
  return typeof window === 'undefined' ? undefined : `${window.location.pathname}${window.location.search}`;
}

export function report(input: TelemetryInput): void {
  if (sink) return sink(input);
  const route = input.route ?? pageRoute();
  early.push({ ...input, time: input.time ?? Date.now(), ...(route === undefined ? {} : { route }) });
  if (early.length > EARLY_LIMIT) early.shift();
}

/** The hub has started: the queue goes to it, in order, and every later report straight to it. */
export function sendQueueTo(next: (input: TelemetryInput) => void): void {
  sink = next;
  for (const input of early.splice(0)) next(input);
}
