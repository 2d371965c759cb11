import { isContributionModule, PlatformError, type ContributionModule } from '@mfe/context';
import { contributionExpose, type Contribution } from '@mfe/manifest';
import { report } from '../telemetry';
import type { ManifestEntry } from '../manifest';
import { AreaLoadError, MADE_WITH } from './area-failure';
import type { RemoteLoader } from './remote-loader';

/** One contribution as the manifest places it: the remote it comes from, and its place in a slot. */
export interface PlacedContribution extends Contribution {
  readonly remote: string;
  /**
   * Whom its remote is for (the entry's roles and scopes): a contribution is seen only by who may
   * use its remote too, so nothing of a remote restricted to a role reaches anyone without it.
   */
  readonly remoteRequires?: ManifestEntry['requires'];
}

/** How many times a contribution may fail in one page (loads and renders) before it stops offering Retry. */
export const FAILURE_BUDGET = 3;

export type ContributionState = 'waiting' | 'loading' | 'shown' | 'failed';

/** What the diagnostics page shows of one contribution. */
export interface ContributionRecord {
  readonly slot: string;
  readonly remote: string;
  readonly module: string;
  readonly state: ContributionState;
  readonly version?: string;
  readonly loadMs?: number;
  readonly failures: number;
  readonly lastError?: { readonly code: string; readonly message: string };
}

export const contributionKey = (contribution: Pick<PlacedContribution, 'remote' | 'slot' | 'module'>): string =>
  `${contribution.slot} ${contribution.remote}/${contribution.module}`;

/** Every contribution to `slot` in the manifest, in order (then by remote name). */
export function contributionsTo(remotes: readonly ManifestEntry[], slot: string): PlacedContribution[] {
  return remotes
    .flatMap((remote) =>
      (remote.contributions ?? [])
        .filter((contribution) => contribution.slot === slot)
        .map((contribution) => ({
          ...contribution,
          remote: remote.name,
          ...(remote.requires ? { remoteRequires: remote.requires } : {}),
        })),
    )
    .sort((a, b) => a.order - b.order || a.remote.localeCompare(b.remote) || a.module.localeCompare(b.module));
}

/**
 * Loads contributions through the remote loader (the same build of the remote as its area, the same
 * checks, time limit and retries) and keeps what each did in this page: its state for the
 * diagnostics page, and its failures against its own budget. Loads and load failures are reported
 * as the remote's (with the slot and module), so a rollout's analysis counts them with its area's.
 */
export class ContributionLoader {
  private readonly modules = new Map<string, Promise<ContributionModule>>();
  private readonly ready = new Map<string, ContributionModule>();
  private readonly records = new Map<string, ContributionRecord>();
  private readonly listeners = new Set<() => void>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private snapshotCache: readonly ContributionRecord[] = [];

  constructor(private readonly loader: RemoteLoader) {}

  /** Every contribution a slot in this page has placed, for diagnostics (stable between changes). */
  readonly snapshot = (): readonly ContributionRecord[] => this.snapshotCache;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A slot placed it on the page (it loads when it nears the viewport or the browser is idle). */
  placed(contribution: PlacedContribution): void {
    const key = contributionKey(contribution);
    if (!this.records.has(key)) this.update(contribution, { state: 'waiting', failures: 0 });
  }

  record(contribution: PlacedContribution): ContributionRecord | undefined {
    return this.records.get(contributionKey(contribution));
  }

  /**
   * Its module if already loaded, for a render that must not wait. The second argument says where its slot
   * shows it (a page rendered ahead of time hints the scripts of those in the first view).
   */
  loadedModule(
    contribution: PlacedContribution,
    _shown?: { readonly firstView: boolean },
  ): ContributionModule | undefined {
    return this.ready.get(contributionKey(contribution));
  }

  load(contribution: PlacedContribution): Promise<ContributionModule> {
    const key = contributionKey(contribution);
    const cached = this.modules.get(key);
    if (cached) return cached;
    const started = performance.now();
    this.update(contribution, { state: 'loading' });
    const promise = this.fetch(contribution);
    this.modules.set(key, promise);
    const settled = promise.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.add(settled);
    void settled.then(() => this.inFlight.delete(settled));
    const remote = () => this.loader.describe(contribution.remote);
    const where = { slot: contribution.slot, module: contribution.module };
    promise.then(
      (module) => {
        this.ready.set(key, module);
        const loadMs = Math.round(performance.now() - started);
        this.update(contribution, { state: 'shown', loadMs });
        report({ kind: 'event', name: 'remote loaded', remote: remote(), attributes: { loadMs, ...where } });
      },
      (error: Error | undefined) => {
        this.modules.delete(key);
        const code = (error as PlatformError | undefined)?.code ?? 'REMOTE_LOAD_FAILED';
        this.failed(contribution, code, error?.message ?? String(error));
        report({
          kind: 'error',
          name: 'remote load failed',
          remote: remote(),
          error: { thrown: error, code },
          attributes: where,
        });
      },
    );
    return promise;
  }

  /**
   * Resolves once no contribution is loading, looked at after the next frame (so the contributions
   * in view, which start when the browser reports them visible, have started): what waits for the
   * page's first view to be in before loading what is below the fold.
   */
  readonly settled = async (): Promise<void> => {
    do {
      await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      await Promise.all([...this.inFlight]);
    } while (this.inFlight.size > 0);
  };

  /** It threw while rendering (its boundary reports the error itself): counted against its budget. */
  failed(contribution: PlacedContribution, code: string, message: string): void {
    const failures = (this.record(contribution)?.failures ?? 0) + 1;
    this.update(contribution, { state: 'failed', failures, lastError: { code, message } });
  }

  /** It rendered again after a failure. */
  shown(contribution: PlacedContribution): void {
    this.update(contribution, { state: 'shown' });
  }

  private async fetch(contribution: PlacedContribution): Promise<ContributionModule> {
    const expose = contributionExpose(contribution.module);
    const exported = await this.loader.loadExposed(contribution.remote, expose);
    const module = (exported as { default?: unknown } | null)?.default ?? exported;
    const label = this.loader.entryOf(contribution.remote)?.label ?? contribution.remote;
    if (!isContributionModule(module))
      throw new AreaLoadError('REMOTE_INVALID', label, {
        kind: 'not-a-remote',
        expose: `./${expose}`,
        expected: MADE_WITH.contribution,
      });
    if (module.slot !== contribution.slot)
      throw new AreaLoadError('REMOTE_INVALID', label, {
        kind: 'wrong-slot',
        expose: `./${expose}`,
        slot: module.slot,
        placed: contribution.slot,
      });
    return module;
  }

  private update(contribution: PlacedContribution, change: Partial<ContributionRecord>): void {
    const key = contributionKey(contribution);
    const previous = this.records.get(key);
    const version = this.loader.build(contribution.remote).version;
    this.records.set(key, {
      slot: contribution.slot,
      remote: contribution.remote,
      module: contribution.module,
      failures: 0,
      state: 'waiting',
      ...previous,
      ...change,
      ...(version ? { version } : {}),
    });
    this.snapshotCache = [...this.records.values()];
    for (const listener of this.listeners) listener();
  }
}
