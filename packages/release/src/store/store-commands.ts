import { existsSync } from 'node:fs';
import { parseTarget } from './target';
import { join } from 'node:path';
import { readAudit, recordAudit, type Who } from './audit';
import { bucketCorsRules } from './cors';
import { ReleaseError } from '../errors';
import { checkEnv, jsonBytes, KEYS, readJson, readSettings, type StoreSettings } from './layout';
import type { ObjectStore } from './object-store';
import { S3Store } from './s3-store';
import { verifyStore } from './verify-store';
import { ALTERED } from './build-record';

// The store's own commands: its settings, its integrity, its audit log and its bucket's CORS rules.

/**
 * Sets up a store, or changes its settings (what is not given is kept). `hostBuilds`: the
 * environments whose pages are prerendered at every change, with their host build's folder.
 */
/** What `init` records (what is not given is kept from the store's settings). */
export interface InitChoices {
  /** Where the store's remotes/ folder is served. */
  readonly publicUrl: string;
  /** Each environment's host: what its manifests are checked against. */
  readonly hosts?: Readonly<Record<string, string>>;
  readonly hostBuilds?: Readonly<Record<string, string>>;
  /** Environments whose every change needs a --reason. */
  readonly requireReason?: readonly string[];
  /** The roles that may change each environment from the release console. */
  readonly roles?: Readonly<Record<string, readonly string[]>>;
}

export async function init(
  store: ObjectStore,
  { publicUrl, hosts = {}, hostBuilds = {}, requireReason = [], roles = {} }: InitChoices,
  who: Who = { actor: 'unknown', reason: '' },
): Promise<string[]> {
  const url = new URL(publicUrl).href.replace(/\/$/, '');
  for (const [env, dir] of Object.entries(hostBuilds)) {
    checkEnv(env);
    if (!existsSync(join(dir, 'server', 'server.json')))
      throw new ReleaseError(
        'RELEASE_USAGE',
        `${dir} is not a host build with a server build (no server/server.json): give the folder the host's build is served from, built with the preset's serverConfig.`,
      );
  }
  const existing = await readJson<StoreSettings>(store, KEYS.settings);
  const settings: StoreSettings = {
    publicUrl: url,
    hosts: { ...(existing?.value.hosts ?? {}), ...hosts },
    hostBuilds: { ...(existing?.value.hostBuilds ?? {}), ...hostBuilds },
    requireReason: [
      ...new Set([...(existing?.value.requireReason ?? []), ...requireReason.map((env) => checkEnv(env))]),
    ].sort(),
    roles: Object.fromEntries(
      [...new Set([...Object.keys(existing?.value.roles ?? {}), ...Object.keys(roles).map((env) => checkEnv(env))])]
        .sort()
        .map((env) => [env, [...new Set([...(existing?.value.roles?.[env] ?? []), ...(roles[env] ?? [])])].sort()]),
    ),
  };
  if (!(await store.replace(KEYS.settings, jsonBytes(settings), 'application/json', existing?.etag ?? null))) {
    throw new ReleaseError(
      'RELEASE_CONFLICT',
      `${store.where}'s settings changed while this ran: nothing was changed; run it again.`,
    );
  }
  const changed = settingsChanges(existing?.value, settings);
  if (changed.length > 0)
    await recordAudit(store, {
      actor: who.actor,
      reason: who.reason,
      kind: 'settings',
      summary: changed.join('; '),
      details: { before: existing?.value ?? null, after: settings },
    });
  return [
    `✔ ${store.where} serves builds from ${url}`,
    ...Object.entries(settings.hosts).map(
      ([env, host]) =>
        `  ${env}: checked against the host at ${host}${settings.hostBuilds?.[env] ? `; prerendered pages rendered with the host build in ${settings.hostBuilds[env]}` : ''}${settings.requireReason?.includes(env) ? '; every change needs --reason' : ''}${settings.roles?.[env]?.length ? `; changed from the console by ${settings.roles[env].join(', ')}` : ''}`,
    ),
  ];
}

/** What an `init` changed, said plainly (a live store's public URL above all: every entry points under it). */
function settingsChanges(before: StoreSettings | undefined, after: StoreSettings): string[] {
  if (!before) return [`store set up, builds served from ${after.publicUrl}`];
  const lines: string[] = [];
  if (before.publicUrl !== after.publicUrl) lines.push(`public URL ${before.publicUrl} → ${after.publicUrl}`);
  for (const [label, a, b] of [
    ['host', before.hosts, after.hosts],
    ['host build', before.hostBuilds ?? {}, after.hostBuilds ?? {}],
  ] as const) {
    for (const env of Object.keys(b))
      if (a[env] !== b[env]) lines.push(`${env}'s ${label} ${a[env] ?? 'none'} → ${b[env]}`);
  }
  const added = (after.requireReason ?? []).filter((env) => !(before.requireReason ?? []).includes(env));
  if (added.length > 0) lines.push(`reasons required for ${added.join(', ')}`);
  for (const [env, roles] of Object.entries(after.roles ?? {})) {
    const granted = roles.filter((role) => !(before.roles?.[env] ?? []).includes(role));
    if (granted.length > 0) lines.push(`${env} may be changed from the console by ${granted.join(', ')}`);
  }
  return lines;
}

/** `verify`: the store's files against the builds' records; refuses (RELEASE_STORE_ALTERED) naming each file that differs. */
export async function verify(store: ObjectStore, target: string | undefined): Promise<string[]> {
  const only = target ? parseTarget(target) : undefined;
  const { builds, altered } = await verifyStore(store, only);
  if (altered.length === 0)
    return [`✔ ${builds} published build${builds === 1 ? '' : 's'} in ${store.where}: every file as published`];
  throw new ReleaseError(
    'RELEASE_STORE_ALTERED',
    `${altered.length} stored file${altered.length === 1 ? ' differs' : 's differ'} from what was published (of ${builds} builds). Remove what was never published or was added by hand; a published version's files are never rewritten, so publish a fix as a new version.`,
    altered.map(({ key, problem }) => `${key}: ${ALTERED[problem]}`),
  );
}

/** `history --json`: every revision, oldest first, as stored, with its one-line description. */

export async function audit(store: ObjectStore): Promise<string[]> {
  const records = await readAudit(store);
  if (records.length === 0) return ['no audit records yet'];
  return records.map(
    (record) =>
      `${record.at} ${record.actor} ${record.kind}: ${record.summary}${record.reason ? ` — ${record.reason}` : ''}`,
  );
}

/**
 * `cors`: the CORS rules a bucket needs for hosts to read it directly (cors.ts), as JSON for
 * `aws s3api put-bucket-cors --cors-configuration`, or applied to an S3 store with `apply`.
 */
export async function cors(store: ObjectStore, apply: boolean): Promise<string[]> {
  const rules = bucketCorsRules(await readSettings(store));
  if (rules[0]!.AllowedOrigins.length === 0)
    throw new ReleaseError(
      'RELEASE_USAGE',
      `${store.where} names no environment's host yet: record them with \`init --host <env>=<url>\` first.`,
    );
  if (!apply) return [JSON.stringify({ CORSRules: rules }, null, 2)];
  if (!(store instanceof S3Store))
    throw new ReleaseError(
      'RELEASE_USAGE',
      `${store.where} is a folder: its server (nginx, server:config --remotes-root) sends the CORS headers; --apply is for S3 stores.`,
    );
  await store.applyCors(rules);
  return [`✔ ${store.where}: CORS for ${rules[0]!.AllowedOrigins.join(', ')} (GET, HEAD; Date and ETag readable)`];
}
