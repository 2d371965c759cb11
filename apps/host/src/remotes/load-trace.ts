import { pageRoute, report } from '../telemetry/queue';
import type { RemoteIdentity, TracePhase } from '../telemetry/record';

/**
 * The phases of an area's load, in the order they run: its `mf-manifest.json` read and checked,
 * its entry script, the shared modules negotiated (the container's init), its exposed module
 * (chunk and factory), its render or the hydration of its prerendered HTML, and the first
 * interaction it handled (from the input to the next paint). A phase the load did not need (an
 * entry another part of the page had already run) is absent.
 */
export const LOAD_PHASES = ['manifest', 'entry', 'shared', 'module', 'render', 'hydrate', 'first interaction'] as const;
export type LoadPhaseName = (typeof LOAD_PHASES)[number];

/** The span name of an area's load, and of its phases' parent (telemetry's `trace` record). */
export const AREA_LOAD = 'area load';

/** How long after its render an area's trace waits for a first interaction before it is reported without one. */
export const INTERACTION_WAIT_MS = 30_000;

const INPUTS = ['pointerdown', 'keydown'] as const;

/**
 * One load of an area, phase by phase (Module Federation's own runtime hooks say when each of its
 * phases ends: RemoteLoader), reported once as a `trace` record: when its first interaction has been
 * handled, when the page is hidden, or INTERACTION_WAIT_MS after its render, whichever comes first.
 * Times are `performance.now()` milliseconds; the record's phases start from the load's start.
 */
export class LoadTrace {
  readonly start: number;
  /** Where the page was when the load began: the trace is of that page, wherever it is when reported. */
  private readonly route = pageRoute();
  private readonly marks = new Map<LoadPhaseName, { start: number; end?: number }>();
  private reported = false;
  private stopWatching: (() => void) | undefined;

  constructor(
    private readonly identity: () => RemoteIdentity,
    now = performance.now(),
  ) {
    this.start = now;
  }

  /** A phase begins (once: a phase begun again keeps its first start). */
  begin(name: LoadPhaseName, at = performance.now()): void {
    if (!this.marks.has(name)) this.marks.set(name, { start: at });
  }

  /** A phase ends (once); one never begun is taken to have begun where the one before it ended. */
  end(name: LoadPhaseName, at = performance.now()): void {
    const mark = this.marks.get(name) ?? { start: this.lastEnd() };
    if (mark.end !== undefined) return;
    this.marks.set(name, { ...mark, end: Math.max(mark.start, at) });
  }

  has(name: LoadPhaseName): boolean {
    return this.marks.get(name)?.end !== undefined;
  }

  /** Its finished phases, in order, from the load's start (ms). */
  phases(): TracePhase[] {
    return LOAD_PHASES.flatMap((name) => {
      const mark = this.marks.get(name);
      return mark?.end === undefined
        ? []
        : [{ name, start: round(mark.start - this.start), duration: round(mark.end - mark.start) }];
    });
  }

  /**
   * The area is on screen and answers (its React commit): rendered, or its HTML hydrated, since its
   * module was in; from now on its first interaction is watched on `element`.
   */
  shown(element: HTMLElement | null, hydrated: boolean, at = performance.now()): void {
    const phase = hydrated ? 'hydrate' : 'render';
    if (this.has('render') || this.has('hydrate')) return;
    this.begin(phase, this.marks.get('module')?.end ?? this.lastEnd());
    this.end(phase, at);
    if (element) this.watchFirstInteraction(element);
    else this.report();
  }

  /** Reports the trace, once; later calls do nothing. */
  report(): void {
    if (this.reported) return;
    this.reported = true;
    this.stopWatching?.();
    report({
      kind: 'trace',
      name: AREA_LOAD,
      time: Math.round(performance.timeOrigin + this.start),
      ...(this.route === undefined ? {} : { route: this.route }),
      remote: this.identity(),
      phases: this.phases(),
    });
  }

  private lastEnd(): number {
    const ends = [...this.marks.values()].flatMap((mark) => (mark.end === undefined ? [] : [mark.end]));
    return ends.length ? Math.max(...ends) : this.start;
  }

  private watchFirstInteraction(element: HTMLElement): void {
    const onInput = (event: Event) => {
      stop();
      // Handled once the page has painted after the handlers ran (what INP measures for one input).
      requestAnimationFrame(() =>
        setTimeout(() => {
          this.begin('first interaction', event.timeStamp);
          this.end('first interaction');
          this.report();
        }, 0),
      );
    };
    const onHidden = () => document.visibilityState === 'hidden' && this.report();
    const timer = setTimeout(() => this.report(), INTERACTION_WAIT_MS);
    const stop = () => {
      clearTimeout(timer);
      for (const type of INPUTS) element.removeEventListener(type, onInput, true);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
    };
    const onPageHide = () => this.report();
    for (const type of INPUTS) element.addEventListener(type, onInput, true);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    this.stopWatching = stop;
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;
