import { satisfy } from '@module-federation/enhanced/runtime';
import { findIncompatibilities } from '@mfe/manifest';
import { readRemoteBuild, unrecordedFirstFiles } from '@mfe/manifest/remote-build';
import { createLogger } from '../logger';
import type { ManifestEntry } from '../manifest';
import { AreaLoadError } from './area-failure';
import type { RemoteRecord } from './remote-record';
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
 * update. Remotes prefetched (idle-prefetch.ts) are remembered in their records, their contract accepted then.
 */
export class RemoteChecks {
  constructor(
    private readonly provided: Readonly<Record<string, string>>,
    private readonly fetchImpl: typeof fetch,
  ) {}

  /** Whether a remote's manifest, prefetched, passes what its visit checks (remembered for it). */
  acceptAhead(record: RemoteRecord, manifest: unknown): boolean {
    const passes =
      unpinnedFirstFiles(record.entry, manifest).length === 0 &&
      findIncompatibilities(manifest, this.provided, satisfy).length === 0;
    if (passes) record.check.prefetched = true;
    return passes;
  }

  /**
   * Resolves to the remote's mf-manifest.json once it passed (undefined for an entry that is a
   * script). The entry is hinted at once, and for its area the module's files too.
   */
  passed(record: RemoteRecord, scriptUrl: string, forArea: boolean): Promise<unknown> {
    let check = record.check.passed;
    if (!check) {
      const passed = this.check(record, scriptUrl, forArea);
      record.check.passed = check = passed;
      passed.catch(() => {
        if (record.check.passed === passed) record.check.passed = undefined;
      });
    } else if (forArea) {
      // Checked already for a contribution: the area's own files are hinted now.
      void check.then((manifest) => preloadRemoteScripts(record.entry, manifest, document, scriptUrl));
    }
    return check;
  }

  /** Reads it again on the next load (Retry). */
  forget(record: RemoteRecord): void {
    record.check.passed = undefined;
    record.check.read = undefined;
  }

  /** A remote's mf-manifest.json, read once (its build recorded); nothing is checked or hinted here. */
  manifestOf(record: RemoteRecord): Promise<unknown> {
    let read = record.check.read;
    if (!read) {
      const { entry } = record;
      const reading = (async () => {
        const response = await this.fetchImpl(entry.entry, { cache: 'no-cache' });
        if (!response.ok) throw new Error(`${entry.entry} answered HTTP ${response.status}`);
        const manifest: unknown = await response.json();
        record.built(readRemoteBuild(manifest));
        return manifest;
      })();
      record.check.read = read = reading;
      reading.catch(() => {
        if (record.check.read === reading) record.check.read = undefined;
      });
    }
    return read;
  }

  private async check(record: RemoteRecord, scriptUrl: string, forArea: boolean): Promise<unknown> {
    const { entry } = record;
    if (!entry.entry.endsWith('.json')) return undefined;
    // Prefetched: its entry is revalidated alongside its manifest (one round trip, not two);
    // its chunks (hashed names) come from the cache. Only a download: nothing runs before the check below.
    if (record.check.prefetched) {
      record.check.prefetched = false;
      preloadRemoteScripts(entry, undefined, document, scriptUrl);
      record.entryUrl.hintedEarly();
    }
    const manifest = await this.manifestOf(record);
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
