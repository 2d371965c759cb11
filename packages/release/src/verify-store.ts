import { alteredFiles, type AlteredFile, type BuildRecord } from './build-record';
import { KEYS, readJson } from './layout';
import type { ObjectStore } from './object-store';

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
