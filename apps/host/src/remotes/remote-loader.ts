import { isMountedAreaModule, isRemoteModule, PlatformError } from '@mfe/context';
import { createLogger } from '../logger';
import { report } from '../telemetry/queue';
import type { ManifestEntry } from '../manifest';
import { AreaLoadError, MADE_WITH } from './area-failure';
import { ownsItsRoot, readRemoteBuild } from '@mfe/manifest/remote-build';
import { fetchEarlyOr } from '../early-fetch';
import { entryScriptUrl, prefetchRemote, preloadRemoteScripts, REMOTE_EXPOSE } from './preload';
import { RemoteChecks } from './remote-check';
import { entryScriptElement } from './entry-url';
import { sharedModulesOf, type FederationRuntime, type SharedSingleton } from './federation';
import {
  NOT_LOADED,
  RemoteRecord,
  type AreaModule,
  type RecordedBuild,
  type RemoteFailure,
  type RemoteStatus,
} from './remote-record';
import { LoadTrace } from './load-trace';
import { filesOf, refreshFromNetwork, withRetries } from './retries';
import { addStylesheets, refusedStylesheets } from './remote-styles';
import { TimeLimitExceeded, withinTimeLimit } from './time-limit';
import type { RemoteIdentity, RemoteVariant } from '../telemetry/record';

export type { FederationPlugin, FederationRuntime, SharedSingleton } from './federation';
export { isTransient } from './retries';

export { entryScriptUrl, preloadRemoteScripts, REMOTE_EXPOSE };

const log = createLogger('remotes');

export type { AreaModule, RemoteStatus } from './remote-record';
/** What a remote's build says about itself in its mf-manifest.json (read by @mfe/manifest's one reader). */
export type { RemoteBuild } from '@mfe/manifest/remote-build';

/** Whether two entries name the same build: the same entry URL and the same pin. */
const sameBuild = (a: ManifestEntry, b: ManifestEntry): boolean =>
  new URL(a.entry, window.location.href).href === new URL(b.entry, window.location.href).href &&
  a.integrity === b.integrity;

/**
 * Registers the manifest's remotes with the federation runtime and loads each one on first use
 * (the boot script and the idle prefetch may have downloaded its files earlier; nothing of it runs
 * before the contract check here). A failed load is forgotten so that `retry` starts from scratch.
 * All it knows and holds of a remote is in that remote's record (remote-record.ts), one per remote;
 * the checks are in remote-check.ts, the entry-URL policy in entry-url.ts, the automatic retries in
 * retries.ts, the prefetches and preloads in preload.ts.
 */
export class RemoteLoader {
  /** One record per remote of the manifest, made when it is registered. */
  private readonly records = new Map<string, RemoteRecord>();
  private readonly checks: RemoteChecks;
  private pluginRegistered = false;

  /** Where each remote stands, for the diagnostics page. */
  status(name: string): RemoteStatus {
    return this.records.get(name)?.status ?? NOT_LOADED;
  }

  /** What the remote's build declared (known once its mf-manifest.json was read). */
  build(name: string): RecordedBuild {
    return this.records.get(name)?.build ?? {};
  }

  /** The remote's last failure in this page, kept after a successful retry. */
  lastError(name: string): RemoteFailure | undefined {
    return this.records.get(name)?.lastError;
  }

  /** Every shared module version registered with the federation runtime (the host's singletons, and anything a remote offered). */
  sharedModules(): SharedSingleton[] {
    return sharedModulesOf(this.runtime);
  }

  /** Name and version, for attributing telemetry. */
  describe(name: string): RemoteIdentity {
    return this.records.get(name)?.describe() ?? { name };
  }

  constructor(
    private readonly runtime: FederationRuntime,
    /** Versions of the singletons the host provides (contract included). */
    private readonly provided: Readonly<Record<string, string>> = {},
    // The opening page's mf-manifest.json may already have been requested by the boot script.
    private readonly fetchImpl: typeof fetch = fetchEarlyOr(),
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    this.checks = new RemoteChecks(provided, fetchImpl);
  }

  private entryScript(record: RemoteRecord): string {
    return record.entryUrl.url(record.entry);
  }

  /**
   * What the federation runtime is given: the entry script itself. The host reads
   * mf-manifest.json on its own (compatibility check, preloads), so the runtime is
   * built without its manifest/snapshot machinery (`disableSnapshot`).
   */
  private runtimeRemote(record: RemoteRecord): { name: string; entry: string } {
    return { name: record.name, entry: this.entryScript(record) };
  }

  /**
   * Registers the manifest's remotes as this page chose them (cohort.ts), and returns them as the
   * page holds them: a remote whose code began loading keeps the build it began with (the opening
   * area's, registered by the first script before the shell read the manifest), since one page runs
   * one build of each remote (the federation runtime keeps one container per name).
   */
  register(
    remotes: readonly ManifestEntry[],
    variants: Readonly<Record<string, { readonly variant: RemoteVariant }>> = {},
  ): readonly ManifestEntry[] {
    const registered = remotes.map((remote) => {
      const variant = variants[remote.name]?.variant ?? 'stable';
      const known = this.records.get(remote.name);
      if (!known) {
        const record = new RemoteRecord(remote, variant);
        this.records.set(remote.name, record);
        return record;
      }
      if (known.module && !sameBuild(known.entry, remote)) {
        log.warn(
          `${remote.name}: this page keeps the build it began loading (${known.entry.entry}); ${remote.entry} loads on the next page load.`,
        );
        return known;
      }
      known.entry = remote;
      known.variant = variant;
      return known;
    });
    this.runtime.registerRemotes(registered.map((record) => this.runtimeRemote(record)));
    if (!this.pluginRegistered) {
      this.pluginRegistered = true;
      this.runtime.registerPlugins?.([
        {
          name: 'mfe-host',
          createScript: (args) => this.createEntryScript(args),
          // Each phase of an area's load, when the runtime runs it (a cached step is no phase of this
          // load). Each returns nothing: a value returned to the runtime's hooks would be taken as an answer.
          afterLoadEntry: ({ remoteInfo, cached }) => void (cached || this.traceOf(remoteInfo.name)?.end('entry')),
          beforeInitRemote: ({ remoteInfo }) => void this.traceOf(remoteInfo.name)?.begin('shared'),
          afterInitRemote: ({ remoteInfo, cached }) => void (cached || this.traceOf(remoteInfo.name)?.end('shared')),
          beforeGetExpose: ({ moduleInfo, expose }) => void this.areaTrace(moduleInfo.name, expose)?.begin('module'),
          afterExecuteFactory: ({ moduleInfo, expose }) => void this.areaTrace(moduleInfo.name, expose)?.end('module'),
        },
      ]);
    }
    return registered.map((record) => record.entry);
  }

  /** The federation runtime asks how to create a remote's entry script (entry-url.ts). */
  private createEntryScript({
    url,
    remoteInfo,
  }: {
    url: string;
    remoteInfo?: { name?: string };
  }): HTMLScriptElement | undefined {
    const record = remoteInfo?.name ? this.records.get(remoteInfo.name) : undefined;
    return record ? entryScriptElement(record.entry, url, this.entryScript(record)) : undefined;
  }

  /** The remote's area's latest load, phase by phase (load-trace.ts), while it runs and after. */
  traceOf(name: string): LoadTrace | undefined {
    return this.records.get(name)?.trace;
  }

  private areaTrace(name: string, expose: string): LoadTrace | undefined {
    return expose === `./${REMOTE_EXPOSE}` ? this.traceOf(name) : undefined;
  }

  /** The remote's module if it has already loaded in this page, without waiting. */
  loadedModule(name: string): AreaModule | undefined {
    return this.records.get(name)?.ready;
  }

  /**
   * Starts a remote's load before any part asks for it: the opening page's area, alongside the
   * shell's first render instead of after it. The first part that asks gets this very load, even
   * if it has failed by then: a failure is shown and reported once, not forgotten and tried again.
   */
  loadAhead(name: string): Promise<AreaModule> {
    const promise = this.load(name);
    const record = this.records.get(name);
    if (record) record.ahead = promise;
    return promise;
  }

  load(name: string): Promise<AreaModule> {
    const record = this.records.get(name);
    if (!record) {
      const error = new AreaLoadError('REMOTE_LOAD_FAILED', name, { kind: 'not-in-manifest' });
      report({
        kind: 'error',
        name: 'remote load failed',
        remote: { name },
        error: { thrown: error, code: error.code },
      });
      return Promise.reject(error);
    }
    const { ahead } = record;
    if (ahead) {
      record.ahead = undefined;
      return ahead;
    }
    if (record.module) return record.module;
    const started = performance.now();
    record.trace = new LoadTrace(() => record.describe(), started);
    const promise = this.fetchModule(record);
    record.module = promise;
    record.loading();
    promise.then(
      (module) => {
        record.ready = module;
        record.trace?.end('module');
        record.entryUrl.settled(true);
        const loadMs = Math.round(performance.now() - started);
        record.loaded(loadMs);
        // Counted per remote, version and canary side: the denominator of the error rates a rollout compares.
        report({ kind: 'event', name: 'remote loaded', remote: record.describe(), attributes: { loadMs } });
      },
      (error: Error) => {
        if (record.module === promise) record.module = undefined;
        record.entryUrl.settled(false);
        const code = (error as PlatformError).code ?? 'REMOTE_LOAD_FAILED';
        record.failed(code, error.message);
        report({
          kind: 'error',
          name: 'remote load failed',
          remote: record.describe(),
          error: { thrown: error, code },
        });
      },
    );
    return promise;
  }

  /**
   * A person shows they may open a remote's area (they hover or focus its link): an area in the
   * host's tree loads now, so that their click answers at once; one in a root of its own has only
   * its mf-manifest.json read, its own framework (React 18: decision 0019 has its weight) coming with
   * the page that shows it.
   */
  intend(name: string): void {
    const record = this.records.get(name);
    if (!record || record.module) return;
    const load = () => this.load(name).then(() => undefined);
    // Known from the idle prefetch: a tree area loads at once (its entry hinted with its manifest, one round trip).
    const known = record.kindAhead;
    const ofItsKind =
      known !== undefined || !record.entry.entry.endsWith('.json')
        ? known && ownsItsRoot(known)
          ? Promise.resolve()
          : load()
        : this.checks
            .manifestOf(record)
            .then((manifest) => (ownsItsRoot(readRemoteBuild(manifest)) ? undefined : load()));
    // Quiet here: the page that shows the area says what failed.
    ofItsKind.catch(() => undefined);
  }

  /**
   * Downloads a remote ahead of a visit without running it (idle-prefetch.ts), once the loads in
   * flight (the page's own remote) are done; quiet on failure.
   */
  async prefetch(name: string): Promise<void> {
    await Promise.allSettled([...this.records.values()].map((record) => record.module));
    const record = this.records.get(name);
    if (!record || record.module) return;
    // An area in a root of its own carries the framework it renders with (decision 0019 has its
    // weight): only a page that shows it downloads that.
    const accept = (manifest: unknown) => {
      const build = readRemoteBuild(manifest);
      record.kindAhead = build;
      return !ownsItsRoot(build) && this.checks.acceptAhead(record, manifest);
    };
    return prefetchRemote(record.entry, accept, this.fetchImpl).catch(() => undefined);
  }

  /**
   * Another module the remote exposes (a contribution to a slot): through the same checks, time
   * limit and retries as its area, from the same build (the entry this page chose for the remote),
   * without downloading the area's own files. Its records are the caller's (contribution-loader.ts).
   */
  loadExposed(name: string, expose: string): Promise<unknown> {
    return this.fetchExposed(name, expose);
  }

  /** The entry the manifest gives a remote, if it has one. */
  entryOf(name: string): ManifestEntry | undefined {
    return this.records.get(name)?.entry;
  }

  /** Forgets a failed remote (its entry included) and loads it again, without a page reload. */
  retry(name: string): Promise<AreaModule> {
    const record = this.records.get(name);
    if (record) {
      record.module = undefined;
      record.ready = undefined;
      record.ahead = undefined;
      this.checks.forget(record);
      this.runtime.registerRemotes([this.runtimeRemote(record)], { force: true });
    }
    return this.load(name);
  }

  private async checkThenLoad(record: RemoteRecord, expose: string): Promise<unknown> {
    const trace = expose === REMOTE_EXPOSE ? record.trace : undefined;
    trace?.begin('manifest');
    await this.checks.passed(record, this.entryScript(record), expose === REMOTE_EXPOSE);
    trace?.end('manifest');
    trace?.begin('entry');
    return this.runtime.loadRemote<unknown>(`${record.name}/${expose}`);
  }

  private async fetchModule(record: RemoteRecord): Promise<AreaModule> {
    const exported = await this.fetchExposedOf(record, REMOTE_EXPOSE);
    const { entry } = record;
    await this.checkPageStylesheets(record);
    const candidate = (exported as { default?: unknown } | null)?.default ?? exported;
    // Built to share nothing with the host (its own React, or none): it cannot render in the host's tree.
    if (isRemoteModule(candidate) && ownsItsRoot(record.build)) {
      throw new AreaLoadError('REMOTE_INVALID', entry.label ?? entry.name, {
        kind: 'wrong-mount',
        expose: `./${REMOTE_EXPOSE}`,
      });
    }
    if (!isRemoteModule(candidate) && !isMountedAreaModule(candidate))
      throw new AreaLoadError('REMOTE_INVALID', entry.label ?? entry.name, {
        kind: 'not-a-remote',
        expose: `./${REMOTE_EXPOSE}`,
        expected: MADE_WITH.area,
      });
    return candidate;
  }

  /**
   * The area's stylesheets that the page itself carried (a prerendered page's `<link integrity>`)
   * must have applied: one refused by its pin fails the area's load, said in place with Retry as
   * for a script, and is taken out of the page; the Retry (after fetching it again past the cache,
   * `stale`) adds it back.
   */
  private async checkPageStylesheets(record: RemoteRecord): Promise<void> {
    const { entry } = record;
    const again = record.refusedStyles;
    record.refusedStyles = [];
    if (again.length > 0) await addStylesheets(again);
    const refused = await refusedStylesheets(new URL('.', this.entryScript(record)).href);
    if (refused.length === 0) return;
    const sheets = refused.map((link) => ({ href: link.href, integrity: link.integrity }));
    for (const link of refused) link.remove();
    record.refusedStyles = sheets;
    record.stale = [...record.stale, ...sheets.map((sheet) => sheet.href)];
    log.error(`Remote "${entry.name}"'s stylesheet was refused by its integrity pin, or failed to load.`, {
      files: sheets.map((sheet) => sheet.href),
    });
    throw new AreaLoadError('REMOTE_LOAD_FAILED', entry.label ?? entry.name, { kind: 'unreachable' });
  }

  private async fetchExposed(name: string, expose: string): Promise<unknown> {
    const record = this.records.get(name);
    if (!record) throw new AreaLoadError('REMOTE_LOAD_FAILED', name, { kind: 'not-in-manifest' });
    return this.fetchExposedOf(record, expose);
  }

  private async fetchExposedOf(record: RemoteRecord, expose: string): Promise<unknown> {
    const { entry, name } = record;
    const script = this.entryScript(record);
    try {
      return await withinTimeLimit(
        (async () => {
          // A Retry after a failure (of the area or any part of this remote) asks the network again.
          const { stale } = record;
          record.stale = [];
          if (stale.length > 0) await refreshFromNetwork(stale, this.fetchImpl);
          return withRetries(
            entry,
            script,
            () => this.checkThenLoad(record, expose),
            // An automatic try asks once more for what failed (the element's own request): a file
            // that never arrived is not in the HTTP cache. Refetching past the cache, for bytes a
            // pin refused, is left to a person's Retry (`stale` below), so one failing file is asked
            // for at most four times a page, an idle prefetch included.
            () => {
              this.runtime.registerRemotes([this.runtimeRemote(record)], { force: true });
            },
            this.sleep,
          );
        })(),
        entry.timeoutMs,
      );
    } catch (cause) {
      const files = filesOf(cause, script);
      if (files.length > 0) record.stale = files;
      if (cause instanceof PlatformError) throw cause;
      if (cause instanceof TimeLimitExceeded) {
        record.entryUrl.rename();
        log.error(`Remote "${name}" did not load within ${entry.timeoutMs} ms from ${entry.entry}.`);
        throw new AreaLoadError('REMOTE_LOAD_FAILED', entry.label ?? entry.name, {
          kind: 'timeout',
          seconds: entry.timeoutMs / 1000,
        });
      }
      const notExposed = cause instanceof Error && /does not exist in container/.test(cause.message);
      log.error(
        notExposed
          ? `Remote "${name}" has no "./${expose}" module.`
          : `Remote "${name}" could not be loaded from ${entry.entry}.`,
        { message: (cause as Error)?.message },
      );
      throw new AreaLoadError(
        notExposed ? 'REMOTE_INVALID' : 'REMOTE_LOAD_FAILED',
        entry.label ?? entry.name,
        notExposed ? { kind: 'not-exposed', expose: `./${expose}` } : { kind: 'unreachable' },
        { cause },
      );
    }
  }
}
