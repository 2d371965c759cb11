import { randomBytes } from 'node:crypto';
import { jsonBytes, readJson } from './layout';
import type { ObjectStore } from './object-store';

/**
 * What happens to a store outside an environment's revisions, recorded as it happens: its settings
 * changed (`init`), a preview made, a rollout tick that held on figures it could not read, what `gc`
 * removed, a change a person made from the release console. Each record is its own object (create-only, never rewritten), named by time, so two
 * writers never overwrite each other and the log only grows. Environments' own changes are their
 * revisions (`history`).
 */
export interface AuditRecord {
  readonly at: string;
  readonly actor: string;
  readonly reason: string;
  /** `console`: a change a person made from the release console (its revision says what). */
  readonly kind: 'settings' | 'preview' | 'rollout-held' | 'gc' | 'console';
  /** One line that says what happened. */
  readonly summary: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

/** Who acts, and why: recorded in the audit log and in an environment's revisions. */
export interface Who {
  readonly actor: string;
  readonly reason: string;
}

const PREFIX = 'audit/';

export async function recordAudit(
  store: ObjectStore,
  record: Omit<AuditRecord, 'at'>,
  now: () => Date = () => new Date(),
): Promise<void> {
  const at = now().toISOString();
  // Sortable by time; the random part keeps two records of the same millisecond apart.
  const key = `${PREFIX}${at.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
  await store.create(key, jsonBytes({ at, ...record }), 'application/json');
}

/** The store's audit log, oldest first. */
export async function readAudit(store: ObjectStore): Promise<AuditRecord[]> {
  const keys = (await store.list(PREFIX)).filter((key) => key.endsWith('.json'));
  const records = await Promise.all(keys.map(async (key) => (await readJson<AuditRecord>(store, key))?.value));
  return records
    .filter((record): record is AuditRecord => record !== undefined)
    .sort((a, b) => a.at.localeCompare(b.at));
}
