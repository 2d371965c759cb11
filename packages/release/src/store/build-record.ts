import { matchesPin } from '@mfe/manifest/sri';
import { KEYS } from './layout';
import type { ObjectStore } from './object-store';

/** What the store keeps about a published build (builds/<name>/<version>.json). */
export interface BuildRecord {
  readonly name: string;
  readonly version: string;
  /** The hash a manifest entry pins (the build's integrity.json for remoteEntry.js). */
  readonly integrity: string;
  /** Every published file and its sha384, to prove later publishes of the version identical. */
  readonly files: Readonly<Record<string, string>>;
  readonly publishedAt: string;
  readonly actor: string;
}

/**
 * A stored file that is not what was published: changed, gone, added to a published build since, or
 * under `remotes/` in a version no build record names (never published, so never to be served).
 */
export interface AlteredFile {
  readonly key: string;
  readonly problem: 'changed' | 'missing' | 'added' | 'unpublished';
}

/** How each problem reads in `verify` and in a refused publish. */
export const ALTERED: Readonly<Record<AlteredFile['problem'], string>> = {
  changed: 'changed',
  missing: 'missing',
  added: 'added',
  unpublished: 'no build record names it',
};

/** One build's stored files against the hashes recorded when it was published. */
export async function alteredFiles(store: ObjectStore, record: BuildRecord): Promise<AlteredFile[]> {
  const altered: AlteredFile[] = [];
  for (const [file, hash] of Object.entries(record.files)) {
    const key = KEYS.buildFile(record.name, record.version, file);
    const stored = await store.get(key);
    if (!stored) altered.push({ key, problem: 'missing' });
    else if (!matchesPin(hash, stored.body)) altered.push({ key, problem: 'changed' });
  }
  // A file put beside the build's own would be served with them (with the host's CORS) as if published.
  const published = new Set(Object.keys(record.files).map((file) => KEYS.buildFile(record.name, record.version, file)));
  for (const key of await store.list(KEYS.buildFiles(record.name, record.version)))
    if (!published.has(key)) altered.push({ key, problem: 'added' });
  return altered;
}
