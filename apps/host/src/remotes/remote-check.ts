import { satisfy } from '@module-federation/enhanced/runtime';
import { findIncompatibilities } from '@mfe/manifest';
import { readRemoteBuild, unrecordedFirstFiles } from '@mfe/manifest/remote-build';
import { createLogger } from '../logger';
import type { ManifestEntry } from '../manifest';
import { AreaLoadError } from './area-failure';
import type { EntryUrls } from './entry-url';
import type { RemoteRecords } from './load-status';
import { preloadRemoteScripts } from './preload';

const log = createLogger('remotes');

/**
 * A pinned remote pins its modules' first files too (the release checked that its entry pins the
 * rest): those its build records no integrity for would load whatever their bytes.
 */
const unpinnedFirstFiles = (entry: ManifestEntry, manifest: unknown): string[] =>
  entry.integrity ? unrecordedFirstFiles(manifest) : [];

/**
 * The check before any of a remote's code runs: its mf-manifest.json is read (once per page for its
 * area and its contributions alike; a retry reads it again), and a remote built for a contract or a
 * React/react-router major this host does not provide is refused, so the person is told it needs an
 * update. Remotes downloaded ahead (idle prefetch) are remembered here, their contract accepted then.
 */
export class RemoteChecks {
  private readonly checked = new Map<string, Promise<unknown>>();
  /** Each remote's mf-manifest.json as read in this page (once, until a retry). */
  private readonly read = new Map<string, Promise<unknown>>();
  private readonly prefetched = new Set<string>();

  constructor(
    private readonly provided: Readonly<Record<string, string>>,
    private readonly fetchImpl: typeof fetch,
    private readonly records: RemoteRecords,
    private readonly entryUrls: EntryUrls,
  ) {}

  /** Whether a remote's manifest, downloaded ahead, passes what its visit checks (remembered for it). */
  acceptAhead(entry: ManifestEntry, manifest: unknown): boolean {
    const passes =
      unpinnedFirstFiles(entry, manifest).length === 0 &&
      findIncompatibilities(manifest, this.provided, satisfy).length === 0;
    if (passes) this.prefetched.add(entry.name);
    return passes;
  }

  /**
   * Resolves to the remote's mf-manifest.json once it passed (undefined for an entry that is a
   * script). The entry is hinted at once, and for its area the module's files too.
   */
  passed(entry: ManifestEntry, scriptUrl: string, forArea: boolean): Promise<unknown> {
    let check = this.checked.get(entry.name);
    if (!check) {
      check = this.check(entry, scriptUrl, forArea);
      this.checked.set(entry.name, check);
      check.catch(() => this.checked.delete(entry.name));
    } else if (forArea) {
      // Checked already for a contribution: the area's own files are hinted now.
      void check.then((manifest) => preloadRemoteScripts(entry, manifest, document, scriptUrl));
    }
    return check;
  }

  /** Reads it again on the next load (Retry). */
  forget(name: string): void {
    this.checked.delete(name);
    this.read.delete(name);
  }

  /** A remote's mf-manifest.json, read once (its build recorded); nothing is checked or hinted here. */
  manifestOf(entry: ManifestEntry): Promise<unknown> {
    let read = this.read.get(entry.name);
    if (!read) {
      read = (async () => {
        const response = await this.fetchImpl(entry.entry, { cache: 'no-cache' });
        if (!response.ok) throw new Error(`${entry.entry} answered HTTP ${response.status}`);
        const manifest: unknown = await response.json();
        this.records.built(entry.name, readRemoteBuild(manifest));
        return manifest;
      })();
      this.read.set(entry.name, read);
      read.catch(() => this.read.delete(entry.name));
    }
    return read;
  }

  private async check(entry: ManifestEntry, scriptUrl: string, forArea: boolean): Promise<unknown> {
    if (!entry.entry.endsWith('.json')) return undefined;
    // Downloaded ahead: its entry is revalidated alongside its manifest (one round trip, not two);
    // its chunks (hashed names) come from the cache. Only a download: nothing runs before the check below.
    if (this.prefetched.delete(entry.name)) {
      preloadRemoteScripts(entry, undefined, document, scriptUrl);
      this.entryUrls.hintedEarly(entry.name);
    }
    const manifest = await this.manifestOf(entry);
    const unpinned = unpinnedFirstFiles(entry, manifest);
    if (unpinned.length > 0) {
      log.error(`Remote "${entry.name}" does not pin its files.`, unpinned);
      throw new AreaLoadError('REMOTE_INVALID', entry.label ?? entry.name, { kind: 'unpinned', files: unpinned });
    }
    const problems = findIncompatibilities(manifest, this.provided, satisfy);
    if (problems.length > 0) {
      log.error(`Remote "${entry.name}" is incompatible with this host.`, problems);
      throw new AreaLoadError('REMOTE_INCOMPATIBLE', entry.label ?? entry.name, { kind: 'incompatible', problems });
    }
    // The entry and, for the area, its module's files at once; a contribution's files follow its entry.
    preloadRemoteScripts(entry, forArea ? manifest : undefined, document, scriptUrl);
    return manifest;
  }
}
