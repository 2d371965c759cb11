import {
  isMountedAreaModule,
  isRemoteModule,
  PlatformError,
  type MountedAreaModule,
  type RemoteModule,
} from '@mfe/context';
import { createLogger } from '../logger';
import { report } from '../telemetry/queue';
import type { ManifestEntry } from '../manifest';
import { AreaLoadError, MADE_WITH } from './area-failure';
import { ownsItsRoot, readRemoteBuild, type RemoteBuild } from '@mfe/manifest/remote-build';
import { fetchEarlyOr } from '../early-fetch';
import { entryScriptUrl, prefetchRemote, preloadRemoteScripts, REMOTE_EXPOSE } from './preload';
import { RemoteChecks } from './remote-check';
import { entryScriptElement, EntryUrls } from './entry-url';
import { sharedModulesOf, type FederationRuntime, type SharedSingleton } from './federation';
import { RemoteRecords, type RecordedBuild, type RemoteFailure, type RemoteStatus } from './load-status';
import { filesOf, refreshFromNetwork, withRetries } from './retries';
import { addStylesheets, refusedStylesheets, type PinnedStylesheet } from './remote-styles';
import { TimeLimitExceeded, withinTimeLimit } from './time-limit';
import type { RemoteIdentity, RemoteVariant } from '../telemetry/record';

export type { FederationPlugin, FederationRuntime, SharedSingleton } from './federation';
export { isTransient } from './retries';

export { entryScriptUrl, preloadRemoteScripts, REMOTE_EXPOSE };

const log = createLogger('remotes');

export type { RemoteStatus } from './load-status';
/** What a remote's build says about itself in its mf-manifest.json (read by @mfe/manifest's one reader). */
export type { RemoteBuild } from '@mfe/manifest/remote-build';
/** An area's `./remote`: rendered in the host's React tree (`defineRemote`), or mounted into an element of its own (`defineMountedArea`). */
export type AreaModule = RemoteModule | MountedAreaModule;

/**
 * Registers the manifest's remotes with the federation runtime and loads each one on first use
 * (the boot script and the idle prefetch may have downloaded its files earlier; nothing of it runs
 * before the contract check here). A failed load is forgotten so that `retry` starts from scratch.
 * Its records (status, build, last failure) live in load-status.ts, the entry-URL policy in
 * entry-url.ts, the automatic retries in retries.ts, the downloads ahead in preload.ts.
 */
export class RemoteLoader {
  private readonly loaded = new Map<string, Promise<AreaModule>>();
  /** Modules already loaded, for a render that must not wait a tick (hydrating a prerendered page). */
  private readonly ready = new Map<string, AreaModule>();
  /** Loads started ahead of the part that shows them (`loadAhead`), until that part asks. */
  private readonly ahead = new Map<string, Promise<AreaModule>>();
  private readonly entries = new Map<string, ManifestEntry>();
  private readonly records = new RemoteRecords();
  private readonly entryUrls = new EntryUrls();
  /** Each remote's kind of area, once its manifest was read ahead (the idle prefetch). */
  private readonly kinds = new Map<string, Pick<RemoteBuild, 'mount'>>();
  /** Files a remote's last failed load could not use, fetched again from the network before its next (retries.ts). */
  private readonly stale = new Map<string, readonly string[]>();
  /** Pinned stylesheets of the page a remote's last load found refused: added again on its next. */
  private readonly refusedStyles = new Map<string, readonly PinnedStylesheet[]>();
  private readonly checks: RemoteChecks;
  private pluginRegistered = false;

  /** Where each remote stands, for the diagnostics page. */
  status(name: string): RemoteStatus {
    return this.records.status(name);
  }

  /** What the remote's build declared (known once its mf-manifest.json was read). */
  build(name: string): RecordedBuild {
    return this.records.build(name);
  }

  /** The remote's last failure in this page, kept after a successful retry. */
  lastError(name: string): RemoteFailure | undefined {
    return this.records.lastError(name);
  }

  /** Every shared module version registered with the federation runtime (the host's singletons, and anything a remote offered). */
  sharedModules(): SharedSingleton[] {
    return sharedModulesOf(this.runtime);
  }

  /** Name and version, for attributing telemetry. */
  describe(name: string): RemoteIdentity {
    return this.records.describe(name);
  }

  constructor(
    private readonly runtime: FederationRuntime,
    /** Versions of the singletons the host provides (contract included). */
    private readonly provided: Readonly<Record<string, string>> = {},
    // The opening page's mf-manifest.json may already have been requested by the boot script.
    private readonly fetchImpl: typeof fetch = fetchEarlyOr(),
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    this.checks = new RemoteChecks(provided, fetchImpl, this.records, this.entryUrls);
  }

  private entryScript(entry: ManifestEntry): string {
    return this.entryUrls.url(entry);
  }

  /**
   * What the federation runtime is given: the entry script itself. The host reads
   * mf-manifest.json on its own (compatibility check, preloads), so the runtime is
   * built without its manifest/snapshot machinery (`disableSnapshot`).
   */
  private runtimeRemote(entry: ManifestEntry): { name: string; entry: string } {
    return { name: entry.name, entry: this.entryScript(entry) };
  }

  register(
    remotes: readonly ManifestEntry[],
    variants: Readonly<Record<string, { readonly variant: RemoteVariant }>> = {},
  ): void {
    for (const remote of remotes) {
      this.entries.set(remote.name, remote);
      this.records.chose(remote.name, variants[remote.name]?.variant ?? 'stable');
    }
    this.runtime.registerRemotes(remotes.map((remote) => this.runtimeRemote(remote)));
    if (!this.pluginRegistered) {
      this.pluginRegistered = true;
      this.runtime.registerPlugins?.([
        {
          name: 'mfe-host',
          createScript: (args) => this.createEntryScript(args),
        },
      ]);
    }
  }

  /** The federation runtime asks how to create a remote's entry script (entry-url.ts). */
  private createEntryScript({
    url,
    remoteInfo,
  }: {
    url: string;
    remoteInfo?: { name?: string };
  }): HTMLScriptElement | undefined {
    const remote = remoteInfo?.name ? this.entries.get(remoteInfo.name) : undefined;
    return remote ? entryScriptElement(remote, url, this.entryScript(remote)) : undefined;
  }

  /** The remote's module if it has already loaded in this page, without waiting. */
  loadedModule(name: string): AreaModule | undefined {
    return this.ready.get(name);
  }

  /**
   * Starts a remote's load before any part asks for it: the opening page's area, alongside the
   * shell's first render instead of after it. The first part that asks gets this very load, even
   * if it has failed by then: a failure is shown and reported once, not forgotten and tried again.
   */
  loadAhead(name: string): Promise<AreaModule> {
    const promise = this.load(name);
    this.ahead.set(name, promise);
    return promise;
  }

  load(name: string): Promise<AreaModule> {
    const ahead = this.ahead.get(name);
    if (ahead) {
      this.ahead.delete(name);
      return ahead;
    }
    const cached = this.loaded.get(name);
    if (cached) return cached;
    const started = performance.now();
    const promise = this.fetchModule(name);
    this.loaded.set(name, promise);
    this.records.loading(name);
    promise.then(
      (module) => {
        this.ready.set(name, module);
        this.entryUrls.settled(name, true);
        const loadMs = Math.round(performance.now() - started);
        this.records.loaded(name, loadMs);
        // Counted per remote, version and canary side: the denominator of the error rates a rollout compares.
        report({ kind: 'event', name: 'remote loaded', remote: this.describe(name), attributes: { loadMs } });
      },
      (error: Error) => {
        this.loaded.delete(name);
        this.entryUrls.settled(name, false);
        const code = (error as PlatformError).code ?? 'REMOTE_LOAD_FAILED';
        this.records.failed(name, code, error.message);
        report({
          kind: 'error',
          name: 'remote load failed',
          remote: this.describe(name),
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
    const entry = this.entries.get(name);
    if (!entry || this.loaded.has(name)) return;
    const load = () => this.load(name).then(() => undefined);
    // Known from the idle prefetch: a tree area loads at once (its entry hinted with its manifest, one round trip).
    const known = this.kinds.get(name);
    const ofItsKind =
      known !== undefined || !entry.entry.endsWith('.json')
        ? known && ownsItsRoot(known)
          ? Promise.resolve()
          : load()
        : this.checks
            .manifestOf(entry)
            .then((manifest) => (ownsItsRoot(readRemoteBuild(manifest)) ? undefined : load()));
    // Quiet here: the page that shows the area says what failed.
    ofItsKind.catch(() => undefined);
  }

  /**
   * Downloads a remote ahead of a visit without running it (idle-preload.ts), once the loads in
   * flight (the page's own remote) are done; quiet on failure.
   */
  async prefetch(name: string): Promise<void> {
    await Promise.allSettled([...this.loaded.values()]);
    const entry = this.entries.get(name);
    if (!entry || this.loaded.has(name)) return;
    // An area in a root of its own carries the framework it renders with (decision 0019 has its
    // weight): only a page that shows it downloads that.
    const accept = (manifest: unknown) => {
      const build = readRemoteBuild(manifest);
      this.kinds.set(name, build);
      return !ownsItsRoot(build) && this.checks.acceptAhead(entry, manifest);
    };
    return prefetchRemote(entry, accept, this.fetchImpl).catch(() => undefined);
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
    return this.entries.get(name);
  }

  /** Forgets a failed remote (its entry included) and loads it again, without a page reload. */
  retry(name: string): Promise<AreaModule> {
    const entry = this.entries.get(name);
    this.loaded.delete(name);
    this.ready.delete(name);
    this.ahead.delete(name);
    this.checks.forget(name);
    if (entry) this.runtime.registerRemotes([this.runtimeRemote(entry)], { force: true });
    return this.load(name);
  }

  private async checkThenLoad(entry: ManifestEntry, expose: string): Promise<unknown> {
    await this.checks.passed(entry, this.entryScript(entry), expose === REMOTE_EXPOSE);
    return this.runtime.loadRemote<unknown>(`${entry.name}/${expose}`);
  }

  private async fetchModule(name: string): Promise<AreaModule> {
    const exported = await this.fetchExposed(name, REMOTE_EXPOSE);
    const entry = this.entries.get(name)!;
    await this.checkPageStylesheets(entry);
    const candidate = (exported as { default?: unknown } | null)?.default ?? exported;
    // Built to share nothing with the host (its own React, or none): it cannot render in the host's tree.
    if (isRemoteModule(candidate) && ownsItsRoot(this.records.build(name))) {
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
  private async checkPageStylesheets(entry: ManifestEntry): Promise<void> {
    const again = this.refusedStyles.get(entry.name);
    this.refusedStyles.delete(entry.name);
    if (again) await addStylesheets(again);
    const refused = await refusedStylesheets(new URL('.', this.entryScript(entry)).href);
    if (refused.length === 0) return;
    const sheets = refused.map((link) => ({ href: link.href, integrity: link.integrity }));
    for (const link of refused) link.remove();
    this.refusedStyles.set(entry.name, sheets);
    this.stale.set(entry.name, [...(this.stale.get(entry.name) ?? []), ...sheets.map((sheet) => sheet.href)]);
    log.error(`Remote "${entry.name}"'s stylesheet was refused by its integrity pin, or failed to load.`, {
      files: sheets.map((sheet) => sheet.href),
    });
    throw new AreaLoadError('REMOTE_LOAD_FAILED', entry.label ?? entry.name, { kind: 'unreachable' });
  }

  private async fetchExposed(name: string, expose: string): Promise<unknown> {
    const entry = this.entries.get(name);
    if (!entry) throw new AreaLoadError('REMOTE_LOAD_FAILED', name, { kind: 'not-in-manifest' });
    const script = this.entryScript(entry);
    try {
      return await withinTimeLimit(
        (async () => {
          // A Retry after a failure (of the area or any part of this remote) asks the network again.
          const stale = this.stale.get(name);
          this.stale.delete(name);
          if (stale) await refreshFromNetwork(stale, this.fetchImpl);
          return withRetries(
            entry,
            script,
            () => this.checkThenLoad(entry, expose),
            // An automatic try asks once more for what failed (the element's own request): a file
            // that never arrived is not in the HTTP cache. Refetching past the cache, for bytes a
            // pin refused, is left to a person's Retry (`stale` below), so one failing file is asked
            // for at most four times a page, an idle download ahead included.
            () => {
              this.runtime.registerRemotes([this.runtimeRemote(entry)], { force: true });
            },
            this.sleep,
          );
        })(),
        entry.timeoutMs,
      );
    } catch (cause) {
      const files = filesOf(cause, script);
      if (files.length > 0) this.stale.set(name, files);
      if (cause instanceof PlatformError) throw cause;
      if (cause instanceof TimeLimitExceeded) {
        this.entryUrls.rename(name);
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
