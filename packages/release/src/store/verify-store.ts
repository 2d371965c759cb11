import { alteredFiles, type AlteredFile, type BuildRecord } from './build-record';
import { KEYS, readJson } from './layout';
import type { ObjectStore } from './object-store';

/**
 * Every published build (or those of one remote, or one version) checked file by file against its
 * record, and every file under `remotes/` that no record names (a version put there by hand, never
 * published): what a platform engineer runs to know the store holds exactly what was published.
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
  const recorded = new Set<string>();
  for (const key of keys) {
    const record = await readJson<BuildRecord>(store, key);
    if (!record) continue;
    recorded.add(KEYS.buildFiles(record.value.name, record.value.version));
    altered.push(...(await alteredFiles(store, record.value)));
  }
  const served = only
    ? only.version
      ? KEYS.buildFiles(only.name, only.version)
      : `remotes/${only.name}/`
    : 'remotes/';
  for (const key of await store.list(served)) {
    if (key.startsWith(KEYS.previews)) continue;
    const folder = /^remotes\/[^/]+\/[^/]+\//.exec(key)?.[0];
    if (!folder || !recorded.has(folder)) altered.push({ key, problem: 'unpublished' });
  }
  return { builds: keys.length, altered };
}
