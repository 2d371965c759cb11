import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { publishBuild } from './builds';
import { ReleaseError } from './errors';
import {
  canaryChange,
  deployChange,
  promoteChange,
  rollbackChange,
  type CanaryStep,
  type ChangeContext,
  type Placement,
} from './changes';
import { diffManifests, versionOf } from './diff';
import {
  checkEnv,
  jsonBytes,
  KEYS,
  listEnvironments,
  readJson,
  readSettings,
  requireReasonGiven,
  type StoreSettings,
} from './layout';
import type { ObjectStore } from './object-store';
import {
  commit,
  describeAction,
  EMPTY_MANIFEST,
  readCurrent,
  readHistory,
  readRevision,
  type Change,
  type CommitResult,
  type ManifestDocument,
  type Revision,
} from './revisions';
import { environmentPages, type RenderedPages } from './pages';
import { hostCheck } from './verify';
import { verifyStore } from './verify-store';
import { readAudit, recordAudit } from './audit';
import { bucketCorsRules } from './cors';
import { S3Store } from './s3-store';

/** What every command that changes an environment is told. */
export interface Who {
  readonly actor: string;
  readonly reason: string;
  /** The environment's host, overriding store.json's. */
  readonly host?: string;
  readonly fetchImpl?: typeof fetch;
  /** Refuse unless the environment is still at this revision (`--expect`): a pipeline's or a person's guard against racing someone else. */
  readonly expect?: number;
  /** Check and say what would change, and change nothing (`--dry-run`). */
  readonly dryRun?: boolean;
}

/**
 * Sets up a store, or changes its settings (what is not given is kept). `hostBuilds`: the
 * environments whose pages are rendered from HTML at every change, with their host build's folder.
 */
export async function init(
  store: ObjectStore,
  publicUrl: string,
  hosts: Readonly<Record<string, string>>,
  hostBuilds: Readonly<Record<string, string>> = {},
  requireReason: readonly string[] = [],
  who: Pick<Who, 'actor' | 'reason'> = { actor: 'unknown', reason: '' },
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
        `  ${env}: checked against the host at ${host}${settings.hostBuilds?.[env] ? `; pages from HTML rendered with the host build in ${settings.hostBuilds[env]}` : ''}${settings.requireReason?.includes(env) ? '; every change needs --reason' : ''}`,
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
  return lines;
}

export async function publish(store: ObjectStore, dist: string, who: Pick<Who, 'actor'>): Promise<string[]> {
  const { record, uploaded } = await publishBuild(store, dist, { actor: who.actor });
  const files = Object.keys(record.files).length;
  return [
    uploaded
      ? `✔ published ${record.name}@${record.version} (${files} files, remoteEntry.js ${record.integrity})`
      : `✔ ${record.name}@${record.version} was already published with these files; nothing changed`,
  ];
}

async function context(store: ObjectStore, env: string, who: Who): Promise<ChangeContext> {
  const settings = await readSettings(store);
  requireReasonGiven(settings, env, who.reason);
  return {
    store,
    settings,
    actor: who.actor,
    reason: who.reason,
    check: hostCheck(who.host ?? settings.hosts[env], env, who.fetchImpl),
  };
}

async function run(
  store: ObjectStore,
  env: string,
  planned: Change,
  context: ChangeContext,
  who: Who,
): Promise<string[]> {
  if (who.expect !== undefined && planned.expect !== undefined && planned.expect !== who.expect) {
    throw new ReleaseError(
      'RELEASE_CONFLICT',
      `${env} is at revision ${planned.expect}, not ${who.expect} as expected: nothing was changed. Look at \`mfe-release history --env ${env}\` and run it again with --expect ${planned.expect} if it still applies.`,
    );
  }
  const change: Change = who.expect === undefined ? planned : { ...planned, expect: who.expect };
  if (who.dryRun) {
    const result = await commit(store, env, change, undefined, { dryRun: true });
    if (result.kind === 'unchanged')
      throw new ReleaseError(
        'RELEASE_NOTHING_TO_DO',
        `${env} already is so (revision ${result.head}); nothing would change.`,
      );
    if (result.kind !== 'planned') throw new Error('a dry run committed');
    return [
      `dry run: ${env} would become revision ${result.head + 1}: ${describeAction(result.action)} (checked as its host will read it; nothing was changed)`,
      ...diffManifests(result.before, result.manifest).map((line) => `  ${line}`),
    ];
  }
  const pages = environmentPages(store, env, context.settings, who.host ?? context.settings.hosts[env], who.fetchImpl);
  // The pages of the manifest about to become current are rendered once it has passed its check,
  // before it is committed, so the old pages are served for no longer than it takes to write files.
  let prepared: { remotes: string; rendered: Promise<RenderedPages> } | undefined;
  const checked: Change = !pages
    ? change
    : {
        ...change,
        check: async (next) => {
          const problems = await change.check(next);
          if (problems.length === 0) prepared = { remotes: JSON.stringify(next.remotes), rendered: pages.render(next) };
          return problems;
        },
      };
  const result: CommitResult = await commit(store, env, checked);
  if (result.kind === 'unchanged')
    throw new ReleaseError('RELEASE_NOTHING_TO_DO', `${env} already is so (revision ${result.head}); nothing changed.`);
  if (result.kind === 'planned') throw new Error('a change was only planned');
  const { revision } = result;
  const parent = revision.parent === 0 ? EMPTY_MANIFEST : (await readRevision(store, env, revision.parent)).manifest;
  const lines = [
    `✔ ${env} revision ${revision.revision}: ${describeAction(revision.action)}`,
    ...diffManifests(parent, revision.manifest).map((line) => `  ${line}`),
  ];
  if (!pages) return lines;
  const rendered =
    prepared?.remotes === JSON.stringify(revision.manifest.remotes)
      ? await prepared.rendered
      : await pages.render(revision.manifest);
  return [...lines, ...(await pages.write(rendered))];
}

/** Renders an environment's pages again for its current manifest: after its host is deployed anew. */
export async function pages(store: ObjectStore, env: string, who: Pick<Who, 'host' | 'fetchImpl'>): Promise<string[]> {
  checkEnv(env);
  const settings = await readSettings(store);
  const environment = environmentPages(store, env, settings, who.host ?? settings.hosts[env], who.fetchImpl);
  if (!environment)
    throw new ReleaseError(
      'RELEASE_USAGE',
      `${env} has no pages from HTML: record its host build and host once, \`mfe-release init … --host ${env}=<url> --host-build ${env}=<the host build's folder>\`.`,
    );
  return environment.write(await environment.render((await readCurrent(store, env)) ?? EMPTY_MANIFEST));
}

export async function deploy(
  store: ObjectStore,
  target: string,
  env: string,
  who: Who,
  placement: Placement = {},
): Promise<string[]> {
  const at = target.lastIndexOf('@');
  if (at <= 0) throw new Error(`"${target}" is not <name>@<version>.`);
  checkEnv(env);
  const ctx = await context(store, env, who);
  return run(store, env, await deployChange(ctx, target.slice(0, at), target.slice(at + 1), placement), ctx, who);
}

/** Starts a canary (`name@version` with a share), changes its share (`name` with a share), promotes or aborts it. */
export async function canary(
  store: ObjectStore,
  target: string,
  env: string,
  step: CanaryStep,
  who: Who,
): Promise<string[]> {
  checkEnv(env);
  const at = target.lastIndexOf('@');
  const name = at > 0 ? target.slice(0, at) : target;
  const version = at > 0 ? target.slice(at + 1) : undefined;
  if (step.kind !== 'share' && version)
    throw new Error(`Give only the remote's name to ${step.kind} its canary: canary ${name} --${step.kind}.`);
  const ctx = await context(store, env, who);
  return run(
    store,
    env,
    await canaryChange(ctx, name, step.kind === 'share' ? { ...step, ...(version ? { version } : {}) } : step),
    ctx,
    who,
  );
}

export async function promote(
  store: ObjectStore,
  from: string,
  to: string,
  names: readonly string[],
  who: Who,
): Promise<string[]> {
  checkEnv(from);
  checkEnv(to);
  const ctx = await context(store, to, who);
  return run(store, to, await promoteChange(ctx, from, names), ctx, who);
}

export async function rollback(store: ObjectStore, env: string, to: number | undefined, who: Who): Promise<string[]> {
  checkEnv(env);
  const ctx = await context(store, env, who);
  return run(store, env, await rollbackChange(ctx, env, to), ctx, who);
}

export async function history(store: ObjectStore, env: string): Promise<string[]> {
  const revisions = await readHistory(store, checkEnv(env));
  if (revisions.length === 0) return [`${env} has no revisions yet.`];
  return revisions.map(
    (revision) =>
      `#${revision.revision} ${revision.at} ${revision.actor}: ${describeAction(revision.action)}${revision.reason ? ` — ${revision.reason}` : ''}`,
  );
}

/**
 * What changed between two states of an environment: revisions (`12` or `#12`), `current`, or
 * another environment's name (its current manifest). With one, what making it current would
 * change; with none, the last change.
 */
export async function diff(
  store: ObjectStore,
  env: string,
  from: string | undefined,
  to: string | undefined,
): Promise<string[]> {
  checkEnv(env);
  const read = async (ref: string): Promise<ManifestDocument> => {
    if (ref === 'current') return (await readCurrent(store, env)) ?? EMPTY_MANIFEST;
    if (/^#?\d+$/.test(ref)) {
      const revision = Number(ref.replace('#', ''));
      return revision === 0 ? EMPTY_MANIFEST : (await readRevision(store, env, revision)).manifest;
    }
    return (await readCurrent(store, checkEnv(ref))) ?? EMPTY_MANIFEST;
  };
  const head = (await readCurrent(store, env))?.revision ?? 0;
  const [before, after] =
    from === undefined ? [String(Math.max(0, head - 1)), 'current'] : to === undefined ? ['current', from] : [from, to];
  const lines = diffManifests(await read(before), await read(after));
  return lines.length > 0 ? lines : ['no difference'];
}

export async function status(store: ObjectStore, envs: readonly string[]): Promise<string[]> {
  const settings = await readSettings(store);
  const names = envs.length > 0 ? envs : await listEnvironments(store);
  const lines = [`store ${store.where}, builds served from ${settings.publicUrl}`];
  for (const env of names) {
    const current = await readCurrent(store, checkEnv(env));
    lines.push(`${env}: ${current ? `revision ${current.revision}` : 'no manifest yet'}`);
    for (const remote of current?.remotes ?? []) {
      const canary = remote.candidate
        ? `, canary ${versionOf({ name: remote.name, entry: remote.candidate.entry })} at ${remote.candidate.percent} %`
        : '';
      lines.push(`  ${remote.name} ${versionOf(remote)} at ${remote.path}${canary}`);
    }
  }
  return lines;
}

/** `verify`: every stored build's files against the hashes recorded when they were published. */
export async function verify(
  store: ObjectStore,
  target: string | undefined,
): Promise<{ lines: string[]; ok: boolean }> {
  const at = target?.lastIndexOf('@') ?? -1;
  const only = target
    ? at > 0
      ? { name: target.slice(0, at), version: target.slice(at + 1) }
      : { name: target }
    : undefined;
  const { builds, altered } = await verifyStore(store, only);
  if (altered.length === 0)
    return {
      ok: true,
      lines: [`✔ ${builds} published build${builds === 1 ? '' : 's'} in ${store.where}: every file as published`],
    };
  return {
    ok: false,
    lines: [
      `✖ ${altered.length} stored file${altered.length === 1 ? '' : 's'} differ from what was published (of ${builds} builds):`,
      ...altered.map(({ key, problem }) => `  ${key}: ${problem}`),
    ],
  };
}

/** `history --json`: every revision, oldest first, as stored, with its one-line description. */
export async function historyData(
  store: ObjectStore,
  env: string,
): Promise<Array<Omit<Revision, 'manifest'> & { readonly description: string }>> {
  return (await readHistory(store, checkEnv(env))).map(({ manifest: _manifest, ...revision }) => ({
    ...revision,
    description: describeAction(revision.action),
  }));
}

/** `status --json`: each environment's revision and remotes (version, path, canary). */
export async function statusData(
  store: ObjectStore,
  envs: readonly string[],
): Promise<{
  store: string;
  publicUrl: string;
  environments: Array<{
    env: string;
    revision: number | null;
    remotes: Array<{
      name: string;
      version: string;
      path: string;
      canary: { version: string; percent: number } | null;
    }>;
  }>;
}> {
  const settings = await readSettings(store);
  const names = envs.length > 0 ? envs : await listEnvironments(store);
  const environments = [];
  for (const env of names) {
    const current = await readCurrent(store, checkEnv(env));
    environments.push({
      env,
      revision: current?.revision ?? null,
      remotes: (current?.remotes ?? []).map((remote) => ({
        name: remote.name,
        version: versionOf(remote),
        path: remote.path,
        canary: remote.candidate
          ? {
              version: versionOf({ name: remote.name, entry: remote.candidate.entry }),
              percent: remote.candidate.percent,
            }
          : null,
      })),
    });
  }
  return { store: store.where, publicUrl: settings.publicUrl, environments };
}

/** `audit`: the store's own log (settings, previews, held rollout ticks, gc), oldest first. */
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
