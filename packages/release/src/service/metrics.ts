import { Counter, Gauge, Registry } from 'prom-client';
import type { ControllerHealth } from './controller';

// What the release service says about itself to Prometheus, read from the controller's health at
// each scrape (so a scrape never sees a half-updated look).

export function serviceMetrics(health: () => ControllerHealth): Registry {
  const registry = new Registry();
  const running = new Gauge({
    name: 'mfe_release_rollouts_running',
    help: 'Running rollouts at the last look, by environment.',
    labelNames: ['env'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [env, count] of Object.entries(health().running)) this.set({ env }, count);
    },
  });
  void running;
  new Gauge({
    name: 'mfe_release_last_look_timestamp_seconds',
    help: 'When the last look at the rollouts ended (0: none yet).',
    registers: [registry],
    collect() {
      this.set((health().lastLookAt ?? 0) / 1000);
    },
  });
  new Gauge({
    name: 'mfe_release_last_look_duration_seconds',
    help: 'How long the last look at every rollout took.',
    registers: [registry],
    collect() {
      this.set((health().lastLookMs ?? 0) / 1000);
    },
  });
  // Counters kept by the controller; exported as they stand at each scrape.
  const counted = (name: string, help: string, value: (state: ControllerHealth) => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(value(health()));
      },
    });
  counted('mfe_release_looks_total', 'Looks at every running rollout since the service started.', (h) => h.looks);
  counted(
    'mfe_release_look_failures_total',
    'Looks at a rollout that failed for a reason other than its figures (the store, a defect).',
    (h) => h.failedLooks,
  );
  counted(
    'mfe_release_looks_held_total',
    'Looks at a rollout held for want of figures (Prometheus down or unreadable).',
    (h) => h.heldLooks,
  );
  counted('mfe_release_steps_total', 'Steps this instance took: a share, a promotion, a rollback.', (h) => h.acted);
  return registry;
}
