import type { ManifestEntry } from '@mfe/manifest';
import { readBuildRecord } from '../store/builds';
import { ReleaseError } from '../errors';
import { KEYS, type StoreSettings } from '../store/layout';
import type { ObjectStore } from '../store/object-store';
import { canaryVersion } from './diff';
import { manifestOf, readCurrent, readRevision, type Change, type ManifestDocument } from './revisions';

export interface ChangeContext {
  readonly store: ObjectStore;
  readonly settings: StoreSettings;
  readonly actor: string;
  readonly reason: string;
  readonly check: Change['check'];
}

/** Where a remote's area goes when it is new to an environment (an existing one keeps its place). */
export interface Placement {
  readonly path?: string;
  readonly label?: string;
  readonly order?: number;
  /** Open to visitors who are not signed in (the manifest's requiresAuth: false). */
  readonly public?: boolean;
  /** The navigation label in other languages, by locale (added to those the entry has). */
  readonly labels?: Readonly<Record<string, string>>;
  /** What it puts in other pages' slots: replaces the entry's list (`[]` removes them all). */
  readonly contributions?: ManifestEntry['contributions'];
}

/** Points one remote of an environment at a published version; the rest of the manifest is kept. */
export async function deployChange(
  context: ChangeContext,
  name: string,
  version: string,
  placement: Placement = {},
): Promise<Change> {
  const build = await readBuildRecord(context.store, name, version);
  const entryUrl = entryUrlOf(context.settings, name, version);
  return {
    action: { verb: 'deploy', remote: name, version },
    actor: context.actor,
    reason: context.reason,
    rebase: true,
    apply: (current) => {
      const existing = current.remotes.find((remote) => remote.name === name);
      const path = placement.path ?? existing?.path;
      const label = placement.label ?? existing?.label;
      // A remote that only contributes to slots has neither (manifest schema version 4).
      const contributes = (placement.contributions ?? existing?.contributions ?? []).length > 0;
      if ((!path || !label) && !(contributes && !path && !label))
        throw new ReleaseError(
          'RELEASE_USAGE',
          existing || placement.path || placement.label
            ? `${name} needs both a path and a label for its area (--path /<route> --label "<navigation label>"), or neither and --contributions (a remote that only contributes to slots).`
            : `${name} is new to this environment: say where its area goes with --path /<route> and --label "<navigation label>", or what it puts in other pages' slots with --contributions.`,
        );
      const entry: { -readonly [K in keyof ManifestEntry]: ManifestEntry[K] } = {
        ...(existing ?? { order: 100, requiresAuth: true, timeoutMs: 10_000 }),
        name,
        ...(path ? { path } : {}),
        ...(label ? { label } : {}),
        ...(placement.order !== undefined ? { order: placement.order } : {}),
        ...(placement.public !== undefined ? { requiresAuth: !placement.public } : {}),
        ...(placement.labels ? { labels: { ...(existing?.labels ?? {}), ...placement.labels } } : {}),
        entry: entryUrl,
        integrity: build.integrity,
      };
      // A list replaces the entry's; an empty one removes the field (so older hosts still read the manifest).
      if (placement.contributions?.length) entry.contributions = placement.contributions;
      else if (placement.contributions) delete entry.contributions;
      return { action: { verb: 'deploy', remote: name, version }, manifest: withRemote(current, entry) };
    },
    check: context.check,
  };
}

/** Gives another environment the same entries (the same URLs, so the same bytes): nothing is rebuilt. */
export async function promoteChange(context: ChangeContext, from: string, names: readonly string[]): Promise<Change> {
  const source = await readCurrent(context.store, from);
  if (!source) throw new ReleaseError('RELEASE_NOT_FOUND', `${from} has no manifest yet: deploy to it first.`);
  const missing = names.filter((name) => !source.remotes.some((remote) => remote.name === name));
  if (missing.length > 0)
    throw new ReleaseError(
      'RELEASE_NOT_FOUND',
      `${from} has no remote named ${missing.join(', ')} (it has ${source.remotes.map((remote) => remote.name).join(', ') || 'none'}).`,
    );
  const chosen = source.remotes.filter((remote) => names.length === 0 || names.includes(remote.name));
  const action = {
    verb: 'promote',
    from,
    fromRevision: source.revision,
    remotes: chosen.map((remote) => remote.name),
  } as const;
  return {
    action,
    actor: context.actor,
    reason: context.reason,
    rebase: true,
    apply: (current) => ({ action, manifest: chosen.reduce(withRemote, current) }),
    check: context.check,
  };
}

/**
 * Makes an earlier revision's manifest current again, as a new revision (history only grows).
 * Without `to`, the state before the current one along the environment's lineage: a rollback stands
 * for the revision it went back to, so a second rollback goes further back, never forward (undoing
 * the first). Not made on top of a revision that lands meanwhile: it would undo that one instead.
 */
export async function rollbackChange(
  context: ChangeContext,
  env: string,
  to?: number,
  options: { readonly withCanaries?: boolean } = {},
): Promise<Change> {
  // The current manifest says which revision it is: no need to read the whole history.
  const head = await readCurrent(context.store, env);
  if (!head?.revision) throw new ReleaseError('RELEASE_NOT_FOUND', `${env} has no history to roll back.`);
  const target = to ?? (await stateBefore(context, env, head.revision));
  if (target < 1)
    throw new ReleaseError(
      'RELEASE_NOTHING_TO_DO',
      `${env} has nothing before revision ${head.revision}'s state to roll back to (\`mfe-release history --env ${env}\` shows its lineage).`,
    );
  if (target === head.revision)
    throw new ReleaseError('RELEASE_USAGE', `Revision ${target} is already ${env}'s current one.`);
  const { manifest, comingBack } = withoutCanariesComingBack(
    (await readRevision(context.store, env, target)).manifest,
    head,
    options.withCanaries ?? false,
  );
  const action = {
    verb: 'rollback',
    to: target,
    ...(comingBack.length ? { [options.withCanaries ? 'canariesBack' : 'canariesLeftOut']: comingBack } : {}),
  } as const;
  return {
    action,
    actor: context.actor,
    reason: context.reason,
    rebase: false,
    // Planned from the revision read here: if another lands first, this one would undo it.
    expect: head.revision,
    apply: () => ({ action, manifest }),
    check: context.check,
  };
}

/**
 * A rollback restores stable builds; a canary the revision gone back to had, and the current
 * manifest does not have (a rollout stopped or aborted since took it out), would be live again with
 * nothing judging it. It is left out unless asked for; either way the action names it.
 */
function withoutCanariesComingBack(
  target: ManifestDocument,
  current: ManifestDocument,
  keep: boolean,
): { manifest: ManifestDocument; comingBack: string[] } {
  const comingBack: string[] = [];
  const remotes = target.remotes.map((entry) => {
    const now = current.remotes.find((remote) => remote.name === entry.name)?.candidate;
    if (!entry.candidate || now?.entry === entry.candidate.entry) return entry;
    comingBack.push(`${entry.name}@${canaryVersion(entry.name, entry.candidate)} at ${entry.candidate.percent} %`);
    if (keep) return entry;
    const { candidate: _leftOut, ...stable } = entry;
    return stable;
  });
  return { manifest: comingBack.length && !keep ? manifestOf(remotes) : target, comingBack };
}

/**
 * The revision whose state came before `revision`'s: a rollback's state is the revision it went
 * back to, so the state before it is what came before that one (followed as far as rollbacks go).
 */
async function stateBefore(context: ChangeContext, env: string, revision: number): Promise<number> {
  let current = await readRevision(context.store, env, revision);
  for (let hops = 0; current.action.verb === 'rollback' && hops < 1_000; hops += 1)
    current = await readRevision(context.store, env, current.action.to);
  return current.parent;
}

function withRemote(current: ManifestDocument, entry: ManifestEntry): ManifestDocument {
  const index = current.remotes.findIndex((remote) => remote.name === entry.name);
  const remotes =
    index === -1 ? [...current.remotes, entry] : current.remotes.map((remote, at) => (at === index ? entry : remote));
  return manifestOf(remotes);
}

const entryUrlOf = (settings: StoreSettings, name: string, version: string) =>
  `${settings.publicUrl.replace(/\/$/, '')}/${KEYS.buildFile(name, version, 'mf-manifest.json').slice('remotes/'.length)}`;

export type CanaryStep =
  | { readonly kind: 'share'; readonly version?: string; readonly percent: number }
  | { readonly kind: 'promote' | 'abort' };

/**
 * A canary of one remote: a candidate build beside the stable one for a share of browsers
 * (`share`, starting it with a version or changing the share), made the stable build (`promote`)
 * or removed (`abort`). Made on top of a revision that lands meanwhile, like a deploy.
 */
export async function canaryChange(context: ChangeContext, name: string, step: CanaryStep): Promise<Change> {
  const build =
    step.kind === 'share' && step.version ? await readBuildRecord(context.store, name, step.version) : undefined;
  const percent = step.kind === 'share' ? step.percent : 0;
  const planned: Change['action'] =
    step.kind === 'share'
      ? { verb: 'canary', remote: name, version: build?.version ?? 'running', percent }
      : { verb: step.kind === 'promote' ? 'canary-promote' : 'canary-abort', remote: name, version: 'running' };
  return {
    // Which version a share change, a promotion or an abort is about is known once applied to
    // the current manifest: `apply` returns the action history records.
    action: planned,
    actor: context.actor,
    reason: context.reason,
    rebase: true,
    apply: (current) => {
      const existing = current.remotes.find((remote) => remote.name === name);
      if (!existing)
        throw new ReleaseError(
          'RELEASE_NOT_FOUND',
          `This environment has no ${name} yet: deploy a stable version first (a canary runs beside it).`,
        );
      const candidate = build
        ? { entry: entryUrlOf(context.settings, name, build.version), integrity: build.integrity }
        : existing.candidate;
      if (!candidate)
        throw new ReleaseError(
          'RELEASE_NOT_FOUND',
          `${name} has no canary running: start one with \`canary ${name}@<version> --percent <share>\`.`,
        );
      const version = canaryVersion(name, candidate);
      const { candidate: _running, ...stable } = existing;
      if (step.kind === 'promote') {
        return {
          action: { verb: 'canary-promote', remote: name, version },
          manifest: withRemote(current, {
            ...stable,
            entry: candidate.entry,
            ...(candidate.integrity ? { integrity: candidate.integrity } : {}),
          }),
        };
      }
      if (step.kind === 'abort')
        return { action: { verb: 'canary-abort', remote: name, version }, manifest: withRemote(current, stable) };
      if (!(percent >= 0 && percent <= 100))
        throw new ReleaseError('RELEASE_USAGE', `--percent takes a share from 0 to 100, not ${percent}.`);
      if (candidate.entry === stable.entry)
        throw new ReleaseError(
          'RELEASE_NOTHING_TO_DO',
          `${name}@${version} already is the stable build: a canary needs another version.`,
        );
      return {
        action: { verb: 'canary', remote: name, version, percent },
        manifest: withRemote(current, {
          ...stable,
          candidate: {
            entry: candidate.entry,
            ...(candidate.integrity ? { integrity: candidate.integrity } : {}),
            percent,
          },
        }),
      };
    },
    check: context.check,
  };
}
