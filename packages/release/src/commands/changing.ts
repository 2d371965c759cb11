import { publishBuild } from '../store/builds';
import { parseTarget, versionedTarget } from '../store/target';
import { ReleaseError } from '../errors';
import type { ChangeOptions, ReleaseScope, Who } from '../environments/who';
import {
  canaryChange,
  deployChange,
  promoteChange,
  rollbackChange,
  type CanaryStep,
  type ChangeContext,
  type Placement,
} from '../environments/changes';
import { applyChange, changeContext } from '../environments/apply';
import { checkEnv, readSettings } from '../store/layout';
import type { ObjectStore } from '../store/object-store';
import { EMPTY_MANIFEST, readCurrent, type Change } from '../environments/revisions';
import { environmentPages } from '../environments/pages';
import { rolloutStops } from '../rollouts/rollout-stop';

// The commands a person or a pipeline runs on environments (the command line's and the console's):
// the layer above environments and rollouts, where a person's change meets the rollouts it stops.

export async function publish(store: ObjectStore, dist: string, who: Pick<Who, 'actor'>): Promise<string[]> {
  const { record, uploaded } = await publishBuild(store, dist, { actor: who.actor });
  const files = Object.keys(record.files).length;
  return [
    uploaded
      ? `✔ published ${record.name}@${record.version} (${files} files, remoteEntry.js ${record.integrity})`
      : `✔ ${record.name}@${record.version} was already published with these files; nothing changed`,
  ];
}

async function run(scope: ReleaseScope, planned: Change, context: ChangeContext): Promise<string[]> {
  // A person's change to a remote stops its rollout, and takes the rollout's candidate with it.
  return (await applyChange(scope, planned, context, rolloutStops(scope.store, scope.env))).lines;
}

/** Renders an environment's pages again for its current manifest: after its host is deployed anew. */
export async function pages(
  store: ObjectStore,
  env: string,
  options: Pick<ChangeOptions, 'host' | 'fetchImpl'> = {},
): Promise<string[]> {
  checkEnv(env);
  const settings = await readSettings(store);
  const environment = environmentPages(store, env, settings, options.host ?? settings.hosts[env], options.fetchImpl);
  if (!environment)
    throw new ReleaseError(
      'RELEASE_USAGE',
      `${env} has no prerendered pages: record its host build and host once, \`mfe-release init … --host ${env}=<url> --host-build ${env}=<the host build's folder>\`.`,
    );
  return environment.write(await environment.render((await readCurrent(store, env)) ?? EMPTY_MANIFEST));
}

export async function deploy(scope: ReleaseScope, target: string, placement: Placement = {}): Promise<string[]> {
  const { name, version } = versionedTarget(target);
  checkEnv(scope.env);
  const ctx = await changeContext(scope);
  return run(scope, await deployChange(ctx, name, version, placement), ctx);
}

/** Starts a canary (`name@version` with a share), changes its share (`name` with a share), promotes or aborts it. */
export async function canary(scope: ReleaseScope, target: string, step: CanaryStep): Promise<string[]> {
  checkEnv(scope.env);
  const { name, version } = parseTarget(target);
  if (step.kind !== 'share' && version)
    throw new ReleaseError(
      'RELEASE_USAGE',
      `Give only the remote's name to ${step.kind} its canary: canary ${name} --${step.kind}.`,
    );
  const ctx = await changeContext(scope);
  return run(
    scope,
    await canaryChange(ctx, name, step.kind === 'share' ? { ...step, ...(version ? { version } : {}) } : step),
    ctx,
  );
}

/** Gives `env` what `from` has, for the remotes named (all when none is). */
export async function promote(scope: ReleaseScope, from: string, names: readonly string[]): Promise<string[]> {
  checkEnv(from);
  checkEnv(scope.env);
  const ctx = await changeContext(scope);
  return run(scope, await promoteChange(ctx, from, names), ctx);
}

export async function rollback(
  scope: ReleaseScope,
  to: number | undefined,
  options: { readonly withCanaries?: boolean } = {},
): Promise<string[]> {
  checkEnv(scope.env);
  const ctx = await changeContext(scope);
  return run(scope, await rollbackChange(ctx, scope.env, to, options), ctx);
}
