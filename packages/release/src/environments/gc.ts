import { recordAudit } from '../store/audit';
import type { BuildRecord } from '../store/build-record';
import { canaryVersion, versionOf } from './diff';
import { formatDuration } from '../durations';
import { jsonBytes, KEYS, listEnvironments, readJson } from '../store/layout';
import type { ObjectStore } from '../store/object-store';
import { readCurrent, readHistory } from './revisions';

/** How long a build just published is kept whatever uses it: a pipeline's deploy may follow later. */
export const GC_GRACE_MS = 7 * 24 * 60 * 60_000;

export interface GcOptions {
  /** Revisions of each environment, counting back from its current one, whose builds are kept (default 20). */
  readonly keepRevisions?: number;
  /** Builds published more recently than this are kept (default GC_GRACE_MS: seven days). */
  readonly graceMs?: number;
  /** Say what would be removed, and remove nothing. */
  readonly dryRun?: boolean;
  readonly now?: () => Date;
}

/**
 * Keeps a store tidy: removes previews that have expired, and builds that no environment can need —
 * none of any environment's current manifest (a running canary's candidate included) nor of its last
 * `keepRevisions` revisions references them (so a rollback within that window always finds its build)
 * and published longer ago than the grace period (a build published and not deployed yet is kept).
 * Each removed build leaves what its files were (`removed/<name>/<version>.json`), so its version is
 * never published again with other bytes. What it removes is recorded in the store's audit log.
 */
export async function collectGarbage(
  store: ObjectStore,
  who: { readonly actor: string; readonly reason: string },
  options: GcOptions = {},
): Promise<string[]> {
  const keep = options.keepRevisions ?? 20;
  const graceMs = options.graceMs ?? GC_GRACE_MS;
  const now = (options.now ?? (() => new Date()))();
  const envs = await listEnvironments(store);
  const referenced = new Set<string>();
  for (const env of envs) {
    const current = await readCurrent(store, env);
    const recent = (await readHistory(store, env)).filter(
      (revision) => revision.revision > (current?.revision ?? 0) - keep,
    );
    for (const manifest of [current, ...recent.map((revision) => revision.manifest)]) {
      for (const remote of manifest?.remotes ?? []) {
        referenced.add(`${remote.name}@${versionOf(remote)}`);
        if (remote.candidate) referenced.add(`${remote.name}@${canaryVersion(remote.name, remote.candidate)}`);
      }
    }
  }
  const expiredPreviews: string[] = [];
  for (const key of await store.list('remotes/_preview/')) {
    const preview = await readJson<{ expiresAt?: string; remote?: string; version?: string }>(store, key);
    if (preview?.value.expiresAt && Date.parse(preview.value.expiresAt) < now.getTime()) {
      expiredPreviews.push(key);
      // A preview's build is kept while a preview that has not expired names it.
    } else if (preview?.value.remote && preview.value.version)
      referenced.add(`${preview.value.remote}@${preview.value.version}`);
  }
  const unused: BuildRecord[] = [];
  for (const key of await store.list('builds/')) {
    const record = await readJson<BuildRecord>(store, key);
    if (!record || referenced.has(`${record.value.name}@${record.value.version}`)) continue;
    if (now.getTime() - Date.parse(record.value.publishedAt) < graceMs) continue;
    unused.push(record.value);
  }
  const lines = [
    ...expiredPreviews.map((key) => `${options.dryRun ? 'would remove' : '- removed'} expired preview ${key}`),
    ...unused.map(
      ({ name, version }) =>
        `${options.dryRun ? 'would remove' : '- removed'} ${name}@${version} (no environment's current or last ${keep} revisions use it${graceMs > 0 ? `, published over ${formatDuration(graceMs)} ago` : ''})`,
    ),
  ];
  if (options.dryRun || lines.length === 0)
    return lines.length > 0 ? [`dry run: nothing was removed`, ...lines] : ['✔ nothing to remove'];
  for (const key of expiredPreviews) await store.remove(key);
  for (const record of unused) {
    const { name, version } = record;
    // What it was, first: the version is taken for good, even once its files are gone.
    await store.write(
      KEYS.removedBuild(name, version),
      jsonBytes({ ...record, removedAt: now.toISOString(), removedBy: who.actor }),
      'application/json',
    );
    for (const key of await store.list(KEYS.buildFiles(name, version))) await store.remove(key);
    // The record last: a gc stopped half-way is finished by the next (the record still names the build).
    await store.remove(KEYS.buildRecord(name, version));
  }
  await recordAudit(
    store,
    {
      actor: who.actor,
      reason: who.reason,
      kind: 'gc',
      summary: `removed ${expiredPreviews.length} expired preview(s) and ${unused.length} unused build(s)`,
      details: {
        previews: expiredPreviews,
        builds: unused.map(({ name, version }) => `${name}@${version}`),
        keepRevisions: keep,
      },
    },
    options.now,
  );
  return [`✔ removed ${expiredPreviews.length} expired preview(s) and ${unused.length} unused build(s)`, ...lines];
}
