import {
  DEFAULT_RULE,
  marginFor,
  moreLoadsNeeded,
  radius,
  REGRESSION_MIX,
  variance,
  type SideCounts,
} from '../rollouts/analysis';
import { readAudit, type AuditRecord } from '../store/audit';
import { alteredFiles } from '../store/build-record';
import { readBuildRecord } from '../store/builds';
import { diffManifests } from '../environments/diff';
import { remotesIn } from '../commands/reading';
import { checkEnv, KEYS, listEnvironments, readJson, readSettings } from '../store/layout';
import type { ObjectStore } from '../store/object-store';
import { errorRates, type ErrorRate } from '../rollouts/prometheus';
import {
  describeAction,
  describeStopped,
  EMPTY_MANIFEST,
  readCurrent,
  type ManifestDocument,
  type Revision,
  type ServedManifest,
} from '../environments/revisions';
import { ENDINGS, isEnding, readRollout, type RolloutState } from '../rollouts/rollout-state';

// What the release console shows, as data: read from the store (and Prometheus) by the service,
// never by the page. Revisions never change once written, so they are read once per service
// (RevisionCache): a store of 1,000 revisions answers its overview and history from memory.

/** A revision as the console lists it (its manifest apart, read for a diff only). */
export interface RevisionSummary {
  readonly revision: number;
  readonly parent: number;
  readonly at: string;
  readonly actor: string;
  readonly reason: string;
  readonly description: string;
  /** What it changed from its parent: one line per remote (`~ referrals 1.0.0 → 1.1.0`). */
  readonly changes: readonly string[];
  readonly stopped: readonly string[];
  /** The environment it promoted from, for a promotion. */
  readonly from?: string;
}

/** Revisions of each environment, read once: they are never rewritten. */
export class RevisionCache {
  private readonly revisions = new Map<string, Revision>();

  constructor(private readonly store: ObjectStore) {}

  async get(env: string, revision: number): Promise<Revision | undefined> {
    if (revision < 1) return undefined;
    const key = `${env}#${revision}`;
    const cached = this.revisions.get(key);
    if (cached) return cached;
    const found = (await readJson<Revision>(this.store, KEYS.revision(env, revision)))?.value;
    if (found) this.revisions.set(key, found);
    return found;
  }

  async summary(env: string, revision: number): Promise<RevisionSummary | undefined> {
    const found = await this.get(env, revision);
    if (!found) return undefined;
    const parent = (await this.get(env, found.parent))?.manifest ?? EMPTY_MANIFEST;
    return {
      revision: found.revision,
      parent: found.parent,
      at: found.at,
      actor: found.actor,
      reason: found.reason,
      description: describeAction(found.action),
      changes: diffManifests(parent, found.manifest),
      stopped: (found.stopped ?? []).map((stopped) => describeStopped(stopped)),
      ...(found.action.verb === 'promote' ? { from: found.action.from } : {}),
    };
  }
}

/** A live or ended rollout, as the overview lists it. */
export interface RolloutSummary {
  readonly remote: string;
  readonly version: string;
  readonly status: RolloutState['status'];
  readonly ending: { readonly code: string; readonly exit: number } | null;
  readonly percent: number;
  readonly steps: readonly number[];
  readonly startedAt: number;
  readonly stepStartedAt: number;
  readonly actor: string;
  /** The rollout's last log line: what it last did or waits for. */
  readonly last: string;
}

export interface RemoteView {
  readonly name: string;
  readonly version: string;
  readonly path: string | null;
  readonly canary: { readonly version: string; readonly percent: number } | null;
  readonly rollout: RolloutSummary | null;
  /** Errors per load over the last hour, from the environment's Prometheus (null: no figures). */
  readonly errors: ErrorRate | null;
}

export interface EnvironmentView {
  readonly env: string;
  readonly revision: number | null;
  readonly changed: { readonly at: string; readonly actor: string; readonly description: string } | null;
  /** Where it is promoted from (its last promotion's source), and what promoting now would change. */
  readonly promotedFrom: { readonly env: string; readonly changes: readonly string[] } | null;
  readonly remotes: readonly RemoteView[];
  /** Whether the person asking may act on it (console-api.ts decides). */
  readonly mayAct?: boolean;
}

export interface Overview {
  readonly store: string;
  readonly environments: readonly EnvironmentView[];
  /** Prometheus's state for the error rates: a plain sentence when it did not answer. */
  readonly figures: { readonly ok: boolean; readonly message?: string };
  readonly at: number;
}

export interface ViewOptions {
  readonly prometheusFor: (env: string) => string | undefined;
  readonly fetchImpl?: typeof fetch;
  readonly now?: () => number;
}

export async function overviewOf(store: ObjectStore, cache: RevisionCache, options: ViewOptions): Promise<Overview> {
  const now = (options.now ?? Date.now)();
  const envs = await listEnvironments(store);
  const currents = new Map(await Promise.all(envs.map(async (env) => [env, await readCurrent(store, env)] as const)));
  let figures: Overview['figures'] = { ok: true };
  const rates = new Map<string, ReadonlyMap<string, ErrorRate>>();
  await Promise.all(
    [...new Set(envs.map((env) => options.prometheusFor(env)).filter((url): url is string => Boolean(url)))].map(
      async (url) => {
        try {
          rates.set(url, await errorRates(url, now, 60 * 60_000, 5 * 60_000, options.fetchImpl));
        } catch (error) {
          figures = { ok: false, message: (error as Error).message };
        }
      },
    ),
  );
  const environments = await Promise.all(
    envs.map(async (env): Promise<EnvironmentView> => {
      const current = currents.get(env) ?? null;
      const last = current ? await cache.summary(env, current.revision) : undefined;
      const from = current ? await promotedFrom(cache, env, current.revision) : undefined;
      const source = from ? currents.get(from) : undefined;
      const envRates = rates.get(options.prometheusFor(env) ?? '');
      return {
        env,
        revision: current?.revision ?? null,
        changed: last ? { at: last.at, actor: last.actor, description: last.description } : null,
        promotedFrom: from
          ? { env: from, changes: diffManifests(current ?? EMPTY_MANIFEST, source ?? EMPTY_MANIFEST) }
          : null,
        remotes: (await remotesIn(store, env, current)).map(({ rollout, ...remote }) => ({
          ...remote,
          rollout: rollout ? summarize(rollout) : null,
          errors: envRates?.get(remote.name) ?? null,
        })),
      };
    }),
  );
  return { store: storeName(store.where), environments, figures, at: now };
}

/**
 * The store as every reader may see it: a folder's last name or an S3 store's bucket, never the
 * server's paths (the full place is in the service's own log, for its operators).
 */
export function storeName(where: string): string {
  const s3 = /^s3:\/\/([^/]+)/.exec(where);
  if (s3) return `s3://${s3[1]}`;
  return where.split(/[\\/]/).filter(Boolean).at(-1) ?? where;
}

/** How many revisions are read at once when looking back (an S3 store answers each in its own round trip). */
const LOOK_BACK_BATCH = 64;

/**
 * The environment an environment's last promotion came from, looking back along its revisions,
 * newest first, a batch at a time: a long history without a promotion costs a few round trips
 * rather than one per revision (the cache keeps them for the next view).
 */
async function promotedFrom(cache: RevisionCache, env: string, head: number): Promise<string | undefined> {
  for (let top = head; top >= 1; top -= LOOK_BACK_BATCH) {
    const numbers = Array.from({ length: Math.min(LOOK_BACK_BATCH, top) }, (_, index) => top - index);
    const batch = await Promise.all(numbers.map((revision) => cache.get(env, revision)));
    const found = batch.find((revision) => revision?.action.verb === 'promote');
    if (found?.action.verb === 'promote') return found.action.from;
  }
  return undefined;
}

function summarize(state: RolloutState): RolloutSummary {
  return {
    remote: state.remote,
    version: state.version,
    status: state.status,
    ending: isEnding(state.status) ? { code: ENDINGS[state.status].code, exit: ENDINGS[state.status].exit } : null,
    percent: state.steps[state.step]!,
    steps: state.steps,
    startedAt: state.startedAt,
    stepStartedAt: state.stepStartedAt,
    actor: state.actor,
    last: state.log.at(-1) ?? '',
  };
}

/** A page of an environment's revisions, newest first; `query` keeps those whose words contain it. */
export async function historyOf(
  store: ObjectStore,
  cache: RevisionCache,
  env: string,
  page: { readonly before?: number; readonly limit: number; readonly query?: string },
): Promise<{ readonly revisions: readonly RevisionSummary[]; readonly head: number; readonly next: number | null }> {
  checkEnv(env);
  const head = (await readCurrent(store, env))?.revision ?? 0;
  const query = page.query?.trim().toLowerCase();
  const revisions: RevisionSummary[] = [];
  let revision = Math.min(page.before ?? head + 1, head + 1) - 1;
  let warmed = revision + 1;
  for (; revision >= 1 && revisions.length < page.limit; revision -= 1) {
    // Read ahead a batch at once (with the parent each summary diffs against), as promotedFrom does.
    if (revision < warmed) {
      const from = revision;
      warmed = Math.max(0, revision - LOOK_BACK_BATCH);
      await Promise.all(Array.from({ length: from - warmed + 1 }, (_, index) => cache.get(env, from - index)));
    }
    const summary = await cache.summary(env, revision);
    if (!summary) continue;
    const words = [summary.actor, summary.reason, summary.description, ...summary.changes, ...summary.stopped]
      .join(' ')
      .toLowerCase();
    if (!query || words.includes(query)) revisions.push(summary);
  }
  return { revisions, head, next: revision >= 1 ? revision + 1 : null };
}

/** One revision: its summary and its whole manifest diff from its parent. */
export async function revisionOf(
  cache: RevisionCache,
  env: string,
  revision: number,
): Promise<(RevisionSummary & { readonly manifest: ManifestDocument }) | undefined> {
  const summary = await cache.summary(checkEnv(env), revision);
  const found = await cache.get(env, revision);
  return summary && found ? { ...summary, manifest: found.manifest } : undefined;
}

/** A look drawn: each side's errors per load with its interval, and the difference with the margin's. */
export interface LookPoint {
  readonly at: number;
  readonly percent: number;
  readonly verdict: 'wait' | 'healthy' | 'worse';
  readonly candidate: SideCounts & { readonly rate: number; readonly low: number; readonly high: number };
  readonly stable: SideCounts & { readonly rate: number; readonly low: number; readonly high: number };
  readonly difference: { readonly value: number; readonly low: number; readonly high: number };
  readonly margin: number;
}

export interface RolloutView extends RolloutSummary {
  readonly env: string;
  readonly rule: RolloutState['rule'];
  readonly intervalMs: number;
  readonly maxStepMs: number | null;
  readonly log: readonly string[];
  readonly looks: readonly LookPoint[];
  /** When each share began (the rollout's own revisions), for the time line. */
  readonly shares: ReadonlyArray<{ readonly percent: number; readonly at: number }>;
  /** How many more candidate loads it needs at today's figures, and when at today's traffic (null: cannot tell). */
  readonly needs: { readonly loads: number; readonly etaMs: number | null } | null;
  readonly held: RolloutState['held'] | null;
}

/** A rollout drawn: every look's figures with the intervals the rule judged them by. */
export async function rolloutOf(store: ObjectStore, env: string, remote: string): Promise<RolloutView> {
  const { value: state } = await readRollout(store, env, remote);
  const rule = { ...DEFAULT_RULE, ...state.rule };
  const looks = (state.looks ?? []).map((look): LookPoint => {
    // Each side's rate with the interval the ceiling is judged by; the difference with the margin's.
    const side = (counts: SideCounts) => {
      const rate = counts.loads > 0 ? counts.errors / counts.loads : 0;
      const half = counts.loads > 0 ? radius(variance(counts), REGRESSION_MIX, rule.alpha) : 0;
      return { ...counts, rate, low: Math.max(0, rate - half), high: rate + half };
    };
    const [candidate, stable] = [side(look.candidate), side(look.stable)];
    const margin = marginFor(rule, look.stable);
    const spread = variance(look.candidate) + (look.stable.loads > 0 ? variance(look.stable) : 0);
    const half = Number.isFinite(spread) ? radius(spread, margin ** 2, rule.alpha) : Infinity;
    const value = candidate.rate - stable.rate;
    return {
      at: look.at,
      percent: look.percent,
      verdict: look.verdict,
      candidate,
      stable,
      difference: { value, low: value - half, high: value + half },
      margin,
    };
  });
  const lastLook = state.looks?.at(-1);
  const more =
    lastLook && state.status === 'running' ? moreLoadsNeeded(lastLook.candidate, lastLook.stable, rule) : null;
  const perMs = lastLook ? lastLook.candidate.loads / Math.max(1, lastLook.at - state.startedAt) : 0;
  return {
    ...summarize(state),
    env,
    rule,
    intervalMs: state.intervalMs,
    maxStepMs: state.maxStepMs ?? null,
    log: state.log,
    looks,
    shares: sharesOf(state),
    needs:
      more === null
        ? null
        : Number.isFinite(more)
          ? { loads: Math.ceil(more), etaMs: perMs > 0 ? Math.round(more / perMs) : null }
          : { loads: -1, etaMs: null },
    held: state.held ?? null,
  };
}

/** When each share began: the start, then each move its log records ("… at 25 %: healthy, on to 50 %"). */
function sharesOf(state: RolloutState): Array<{ percent: number; at: number }> {
  const shares = [{ percent: state.steps[0]!, at: state.startedAt }];
  for (const line of state.log) {
    const moved = /^(\S+) at \d+ %: healthy, on to (\d+) %/.exec(line);
    if (moved) shares.push({ percent: Number(moved[2]), at: Date.parse(moved[1]!) });
  }
  return shares;
}

/** A page of the store's audit log, newest first. */
export async function auditOf(
  store: ObjectStore,
  page: { readonly offset: number; readonly limit: number },
): Promise<{ readonly records: readonly AuditRecord[]; readonly total: number }> {
  const records = (await readAudit(store)).reverse();
  return { records: records.slice(page.offset, page.offset + page.limit), total: records.length };
}

/** A published build's record, and `verify`'s answer for it. */
export async function buildOf(store: ObjectStore, name: string, version: string) {
  const record = await readBuildRecord(store, name, version);
  const altered = await alteredFiles(store, record);
  return { record, verify: altered.length === 0 ? { ok: true as const } : { ok: false as const, altered } };
}

/** The store's settings as the console may show them (no credentials: there are none in them). */
export async function settingsOf(store: ObjectStore) {
  const settings = await readSettings(store);
  return { publicUrl: settings.publicUrl, hosts: settings.hosts, requireReason: settings.requireReason ?? [] };
}

export type { ServedManifest };
