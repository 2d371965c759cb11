import { isReleaseError } from '../errors';
import { listEnvironments, readJson } from '../store/layout';
import type { ObjectStore } from '../store/object-store';
import { tickRollout } from '../rollouts/rollout';
import type { ChangeOptions } from '../environments/who';
import { rolloutsOf, type RolloutState } from '../rollouts/rollout-state';

// The rollouts' controller: it looks at every running rollout of every environment on schedule, so
// that a rollout finishes, goes back or holds by its policy whether or not any command watches it
// (Argo Rollouts and Flagger run progressive delivery the same way). It keeps nothing a restart
// needs: each rollout's state is in the store, and a look is a `rollout tick`, whose store writes are
// compare-and-swap, so several instances may run and only one acts on any step (the others' writes
// fail and they do nothing); `--watch` and `tick` from anywhere else keep working beside it.

/** What the controller says about itself (the service's health endpoint and metrics). */
export interface ControllerHealth {
  /** Running rollouts at the last look, by environment. */
  readonly running: Readonly<Record<string, number>>;
  /** When the last look ended (ms since the epoch), and how long it took. */
  readonly lastLookAt: number | null;
  readonly lastLookMs: number | null;
  readonly looks: number;
  /** Looks at a rollout that failed for a reason other than its figures (the store, a defect). */
  readonly failedLooks: number;
  /** Looks at a rollout held for want of figures (Prometheus down or unreadable). */
  readonly heldLooks: number;
  /** The steps this instance took (a share, a promotion, a rollback), and the last failure it saw. */
  readonly acted: number;
  readonly lastFailure: { readonly at: number; readonly rollout: string; readonly message: string } | null;
}

/** One line a look said, for the service's log. */
export type ControllerLog = (line: string) => void;

export interface ControllerOptions {
  readonly store: ObjectStore;
  /** How often every running rollout is looked at. */
  readonly lookEveryMs: number;
  /** Who its looks act as (the rollout's own steps keep their own actor: `rollout (started by …)`). */
  readonly actor: string;
  readonly log?: ControllerLog;
  readonly changeOptions?: Pick<ChangeOptions, 'now' | 'fetchImpl'>;
}

export class RolloutController {
  private timer: NodeJS.Timeout | undefined;
  private looking: Promise<void> | undefined;
  private stopped = true;
  private health: ControllerHealth = {
    running: {},
    lastLookAt: null,
    lastLookMs: null,
    looks: 0,
    failedLooks: 0,
    heldLooks: 0,
    acted: 0,
    lastFailure: null,
  };

  constructor(private readonly options: ControllerOptions) {}

  /** Looks now, then every `lookEveryMs` after the end of the last look (looks never overlap). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const next = () => {
      if (this.stopped) return;
      this.looking = this.lookOnce().finally(() => {
        this.looking = undefined;
        if (!this.stopped) this.timer = setTimeout(next, this.options.lookEveryMs);
      });
    };
    next();
  }

  /** Stops looking, once the look in progress (if any) has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.looking;
  }

  status(): ControllerHealth {
    return this.health;
  }

  /** One look at every running rollout of every environment; never throws (each failure is counted and said). */
  async lookOnce(): Promise<void> {
    const started = Date.now();
    const running: Record<string, number> = {};
    let failed = 0;
    let held = 0;
    let acted = 0;
    let lastFailure = this.health.lastFailure;
    const log = this.options.log ?? (() => undefined);
    let environments: string[] = [];
    try {
      environments = await listEnvironments(this.options.store);
    } catch (error) {
      failed += 1;
      lastFailure = { at: Date.now(), rollout: '(the store)', message: (error as Error).message };
      log(`✖ the store could not be listed: ${(error as Error).message}`);
    }
    for (const env of environments) {
      for (const state of await this.rolloutsOf(env)) {
        if (state.status !== 'running' && !state.pending) continue;
        if (state.status === 'running') running[env] = (running[env] ?? 0) + 1;
        const name = `${state.remote}@${state.version} in ${env}`;
        try {
          const lines = await tickRollout(
            {
              store: this.options.store,
              env,
              who: { actor: this.options.actor, reason: '' },
              ...(this.options.changeOptions ? { options: this.options.changeOptions } : {}),
            },
            state.remote,
          );
          // A look that only waits says so in the rollout's own log; the service's log gets what moved.
          if (lines.some((line) => / (healthy, |worse, |gave up|stopped: )/.test(line))) acted += 1;
          for (const line of lines) if (!/: next look in \d+ s$/.test(line)) log(`${name}: ${line}`);
        } catch (error) {
          if (isReleaseError(error) && error.code === 'RELEASE_METRICS') held += 1;
          else {
            failed += 1;
            lastFailure = { at: Date.now(), rollout: name, message: (error as Error).message };
          }
          log(`✖ ${name}: ${(error as Error).message}`);
        }
      }
    }
    this.health = {
      running,
      lastLookAt: Date.now(),
      lastLookMs: Date.now() - started,
      looks: this.health.looks + 1,
      failedLooks: this.health.failedLooks + failed,
      heldLooks: this.health.heldLooks + held,
      acted: this.health.acted + acted,
      lastFailure,
    };
  }

  /** Every rollout state of an environment (unreadable ones are counted as failed looks). */
  private async rolloutsOf(env: string): Promise<RolloutState[]> {
    const keys = (await this.options.store.list(rolloutsOf(env)).catch(() => [])).filter((key) =>
      key.endsWith('.json'),
    );
    const states: RolloutState[] = [];
    for (const key of keys) {
      try {
        const found = await readJson<RolloutState>(this.options.store, key);
        if (found) states.push(found.value);
      } catch (error) {
        this.health = { ...this.health, failedLooks: this.health.failedLooks + 1 };
        (this.options.log ?? (() => undefined))(`✖ ${key}: ${(error as Error).message}`);
      }
    }
    return states;
  }
}
