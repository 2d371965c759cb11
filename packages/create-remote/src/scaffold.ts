import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  DEFAULT_HOST_PORT,
  isValidLabel,
  isValidName,
  isValidRoute,
  pathsOverlap,
  reservedPathOf,
  RULES_EXPLAINED,
} from '@mfe/manifest';
import type { DevRemote, ListedRemote } from '@mfe/manifest/dev-remotes';
import { planTokens, writeTemplate } from './template';
import { applyBundler, BUNDLERS } from './bundlers';
import { applyVariant } from './variants';
import type { RemotePlan } from './remote-plan';

export const TEMPLATE_DIR = join(__dirname, '..', 'template');

export type ScaffoldErrorCode =
  | 'NAME_INVALID'
  | 'NAME_TAKEN'
  | 'ROUTE_INVALID'
  | 'ROUTE_CLASH'
  | 'LABEL_INVALID'
  | 'REACT_INVALID'
  | 'BUNDLER_INVALID'
  | 'NOT_BUILT';

/** A request the scaffold refuses, with a stable code and what to do instead. */
export class ScaffoldError extends Error {
  override readonly name = 'ScaffoldError';
  constructor(
    readonly code: ScaffoldErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface RemoteRequest {
  readonly name: string;
  readonly route: string;
  readonly label?: string;
  /** A React major for an area in a root of its own (`--react 18`), or `none` for one without React; absent: the host's tree, on the host's React. */
  readonly react?: string;
  /** `--bundler rspack` or `rsbuild`; absent or `webpack`: webpack. */
  readonly bundler?: string;
}

export type { RemotePlan } from './remote-plan';

export interface Workspace {
  /** Directory names under apps/. */
  readonly apps: readonly string[];
  readonly devRemotes: readonly ListedRemote[];
}

/** Checks a request against the workspace and decides ports and order. Throws a `ScaffoldError`. */
export function planRemote(request: RemoteRequest, workspace: Workspace): RemotePlan {
  const { name, route } = request;
  if (!isValidName(name)) {
    throw new ScaffoldError(
      'NAME_INVALID',
      `"${name}" cannot name a feature area: use ${RULES_EXPLAINED.name}; it also names the package @mfe/<name> and apps/<name>. For example: payments.`,
    );
  }
  if (workspace.apps.includes(name) || workspace.devRemotes.some((remote) => remote.name === name)) {
    throw new ScaffoldError(
      'NAME_TAKEN',
      `"${name}" is taken: apps/${name} or a remote of that name already exists. Choose another name.`,
    );
  }
  if (!isValidRoute(route)) {
    throw new ScaffoldError(
      'ROUTE_INVALID',
      `"${route}" is not a route the host can mount: use ${RULES_EXPLAINED.route}.`,
    );
  }
  const hostRoute = reservedPathOf(route);
  if (hostRoute)
    throw new ScaffoldError('ROUTE_CLASH', `${route} clashes with the host's own ${hostRoute}. Choose another route.`);
  const clash = workspace.devRemotes.find((remote) => pathsOverlap(route, remote.path));
  if (clash) {
    throw new ScaffoldError(
      'ROUTE_CLASH',
      `${route} clashes with ${clash.path}, where "${clash.name}" is mounted (a route may not equal, contain or sit inside another). Choose another route.`,
    );
  }
  const label = request.label ?? name.charAt(0).toUpperCase() + name.slice(1);
  if (!isValidLabel(label)) {
    throw new ScaffoldError('LABEL_INVALID', `"${label}" cannot be a navigation label: ${RULES_EXPLAINED.label}.`);
  }
  const react = reactMajorOf(request.react);
  const bundler = bundlerOf(request.bundler);
  const port = Math.max(DEFAULT_HOST_PORT, ...workspace.devRemotes.map((remote) => remote.port)) + 1;
  const order = Math.max(0, ...workspace.devRemotes.map((remote) => remote.order)) + 10;
  return {
    name,
    route,
    label,
    port,
    order,
    ...(react === undefined ? {} : { react }),
    ...(bundler === undefined ? {} : { bundler }),
  };
}

/** `--react <major>`: a React major from 18 on (the first with `createRoot`); `--react none`: no React. */
function reactMajorOf(requested: string | undefined): number | 'none' | undefined {
  if (requested === undefined || requested === 'none') return requested;
  const major = /^\d{2,3}$/.test(requested) ? Number(requested) : NaN;
  if (!(major >= 18))
    throw new ScaffoldError(
      'REACT_INVALID',
      `"--react ${requested}" is not a React major this platform can mount in a root of its own: give 18 or later (for example --react 18), none for an area without React, or leave it out to render in the host's tree.`,
    );
  return major;
}

/** `--bundler`: one of BUNDLERS; webpack, the default, is left out of the plan. */
function bundlerOf(requested: string | undefined): RemotePlan['bundler'] {
  if (requested === undefined || requested === 'webpack') return undefined;
  if (requested === 'rspack' || requested === 'rsbuild') return requested;
  throw new ScaffoldError(
    'BUNDLER_INVALID',
    `"--bundler ${requested}" is not a bundler the platform's preset builds with: give one of ${BUNDLERS.join(', ')} (webpack, the default, when it is left out).`,
  );
}

/** Where a repository keeps its areas: the repository (the paths said are relative to it), the new area's folder, its development manifest. */
export interface RemoteFolders {
  readonly repoRoot: string;
  readonly appDir: string;
  readonly devManifestPath: string;
}

/**
 * Writes the area's folder from the template and adds the remote to the development manifest;
 * the repository's layout is its caller's (in this one, `pnpm create-remote`). Returns the files written.
 */
export function writeRemote(plan: RemotePlan, { repoRoot, appDir, devManifestPath }: RemoteFolders): string[] {
  if (existsSync(appDir))
    throw new ScaffoldError('NAME_TAKEN', `${relative(repoRoot, appDir)} already exists. Choose another name.`);
  const tokens = planTokens(plan);
  const fill = (text: string) => text.replace(/__[A-Z0-9_]+__/g, (token) => tokens[token] ?? token);
  const written = [
    ...new Set([
      ...writeTemplate(TEMPLATE_DIR, appDir, fill, repoRoot),
      ...applyVariant(appDir, plan, 'repository', fill, repoRoot),
      ...applyBundler(appDir, plan, () => 'catalog:', repoRoot),
    ]),
  ].filter((file) => existsSync(join(repoRoot, file)));

  const manifest = JSON.parse(readFileSync(devManifestPath, 'utf8')) as { remotes: DevRemote[] };
  manifest.remotes.push({
    name: plan.name,
    path: plan.route,
    label: plan.label,
    order: plan.order,
    port: plan.port,
    // The template's example contribution, placed in the home page's slot (none in a root of its own).
    ...(plan.react === undefined ? { contributions: [{ slot: 'home.tiles', module: 'home-tile' }] } : {}),
  });
  writeFileSync(devManifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  written.push(relative(repoRoot, devManifestPath));
  return written;
}
