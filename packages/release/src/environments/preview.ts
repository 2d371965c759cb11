import { randomBytes } from 'node:crypto';
import { recordAudit } from '../store/audit';
import { publishBuild } from '../store/builds';
import { deployChange, type Placement } from './changes';
import { diffManifests } from './diff';
import { ReleaseError } from '../errors';
import { checkEnv, jsonBytes, KEYS, readSettings } from '../store/layout';
import { EMPTY_MANIFEST, manifestOf, readCurrent, type ManifestDocument } from './revisions';
import type { ReleaseScope } from './who';
import { hostCheck } from './verify';

/**
 * What a preview link opens: an environment's manifest with one remote's branch build in it, for
 * whoever has the link, until it expires. The host reads it only from the store (its config's
 * `previews.manifestBase`), validates it like any manifest (allowed origins, pins) and refuses
 * an expired one by the store's clock (the response's Date), not the device's.
 */
export interface PreviewDocument {
  readonly id: string;
  readonly env: string;
  readonly remote: string;
  readonly version: string;
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly actor: string;
  readonly reason: string;
  readonly manifest: ManifestDocument;
}

export async function preview(
  { store, env, who, options: how = {} }: ReleaseScope,
  dist: string,
  options: { ttlMs: number; placement?: Placement },
): Promise<string[]> {
  checkEnv(env);
  const settings = await readSettings(store);
  const host = how.host ?? settings.hosts[env];
  if (!host)
    throw new ReleaseError(
      'RELEASE_USAGE',
      `Which host opens ${env}'s previews? Give --host <its URL>, or record it with init.`,
    );
  const { record } = await publishBuild(store, dist, { actor: who.actor });
  const current: ManifestDocument = (await readCurrent(store, env)) ?? EMPTY_MANIFEST;
  const change = await deployChange(
    { store, settings, actor: who.actor, reason: who.reason, check: hostCheck(host, env, how.fetchImpl) },
    record.name,
    record.version,
    options.placement,
  );
  const { manifest: applied } = await change.apply(current, 0);
  // The branch build for everyone with the link: no canary of that remote within a preview.
  const manifest: ManifestDocument = manifestOf(
    applied.remotes.map((remote) =>
      remote.name === record.name ? (({ candidate: _none, ...rest }) => rest)(remote) : remote,
    ),
  );
  const problems = await change.check(manifest);
  if (problems.length > 0)
    throw new ReleaseError(
      'RELEASE_CHECK_FAILED',
      `The preview of ${record.name}@${record.version} was refused; nothing was published for it.`,
      problems,
    );
  // 128 random bits: the link is the only way to the preview (and it grants nothing but a look).
  const id = randomBytes(16).toString('base64url');
  const now = new Date((how.now ?? Date.now)());
  const document: PreviewDocument = {
    id,
    env,
    remote: record.name,
    version: record.version,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + options.ttlMs).toISOString(),
    actor: who.actor,
    reason: who.reason,
    manifest,
  };
  if (!(await store.create(KEYS.preview(id), jsonBytes(document), 'application/json')))
    throw new ReleaseError(
      'RELEASE_STORE',
      'A preview with the same id exists (this should never happen); run the command again.',
    );
  await recordAudit(store, {
    actor: who.actor,
    reason: who.reason,
    kind: 'preview',
    summary: `preview of ${record.name}@${record.version} on ${env} until ${document.expiresAt}`,
    details: { id, env, remote: record.name, version: record.version, expiresAt: document.expiresAt },
  });
  const link = new URL(host);
  link.searchParams.set('mfe-preview', id);
  return [
    `✔ preview of ${record.name}@${record.version} on ${env}, until ${document.expiresAt}:`,
    `  ${link.href}`,
    ...diffManifests(current, manifest).map((line) => `  ${line}`),
  ];
}
