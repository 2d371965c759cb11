import { matchesPin } from '@mfe/manifest/sri';
import type { BuildRecord } from './builds';
import { KEYS, readJson } from './layout';
import type { ObjectStore } from './object-store';

/** A stored file that is not what was published: changed, or gone. */
export interface AlteredFile {
  readonly key: string;
  readonly problem: 'changed' | 'missing';
}

/** One build's stored files against the hashes recorded when it was published. */
export async function alteredFiles(store: ObjectStore, record: BuildRecord): Promise<AlteredFile[]> {
  const altered: AlteredFile[] = [];
  for (const [file, hash] of Object.entries(record.files)) {
    const key = KEYS.buildFile(record.name, record.version, file);
    const stored = await store.get(key);
    if (!stored) altered.push({ key, problem: 'missing' });
    else if (!matchesPin(hash, stored.body)) altered.push({ key, problem: 'changed' });
  }
  return altered;
}

/**
 * Every published build (or those of one remote, or one version) checked file by file against its
 * record: what a platform engineer runs to know the store still holds exactly what was published.
 */
export async function verifyStore(
  store: ObjectStore,
  only?: { readonly name: string; readonly version?: string },
): Promise<{ readonly builds: number; readonly altered: readonly AlteredFile[] }> {
  const prefix = only ? `builds/${only.name}/` : 'builds/';
  const keys = (await store.list(prefix)).filter(
    (key) => key.endsWith('.json') && (!only?.version || key === KEYS.buildRecord(only.name, only.version)),
  );
  const altered: AlteredFile[] = [];
  for (const key of keys) {
    const record = await readJson<BuildRecord>(store, key);
    if (record) altered.push(...(await alteredFiles(store, record.value)));
  }
  return { builds: keys.length, altered };
}
