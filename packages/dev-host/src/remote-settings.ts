import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  isValidLabel,
  isValidName,
  isValidRoute,
  parseContributions,
  reservedPathOf,
  RULES_EXPLAINED,
} from '@mfe/manifest';
import type { DevRemote } from '@mfe/stack';

/**
 * What `mfe-dev` needs to know about the feature area: its `"mfe"` block in package.json, in the
 * stack's one type for a remote in development. `port` is its dev server's; the host is on
 * `hostPort` (default `DEFAULT_HOST_PORT`), everything else placed from it.
 */
export type RemoteSettings = Required<Pick<DevRemote, 'name' | 'path' | 'label' | 'port'>> &
  Pick<DevRemote, 'contributions'>;

export class RemoteSettingsError extends Error {
  override readonly name = 'RemoteSettingsError';
  constructor(
    readonly code: 'NO_PACKAGE_JSON' | 'NO_MFE_BLOCK' | 'INVALID_SETTING',
    message: string,
  ) {
    super(message);
  }
}

/** Reads and checks the `"mfe"` block of `<dir>/package.json` with the manifest's own rules. */
export function readRemoteSettings(dir: string): RemoteSettings {
  let pkg: { mfe?: Partial<Record<keyof RemoteSettings, unknown>> };
  try {
    pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as typeof pkg;
  } catch (error) {
    throw new RemoteSettingsError(
      'NO_PACKAGE_JSON',
      `Run mfe-dev in the feature area's folder: ${join(dir, 'package.json')} could not be read (${(error as Error).message}).`,
    );
  }
  const block = pkg.mfe;
  if (!block || typeof block !== 'object') {
    throw new RemoteSettingsError(
      'NO_MFE_BLOCK',
      `package.json has no "mfe" block. Add { "mfe": { "name": "…", "path": "/…", "label": "…", "port": 3001 } } (create-mfe-remote writes it).`,
    );
  }
  const problems: string[] = [];
  const { name, path, label, port } = block;
  const contributions = (block as { contributions?: unknown }).contributions;
  const placed = contributions === undefined ? undefined : parseContributions(contributions);
  if (placed && !placed.ok)
    problems.push(`"contributions": ${placed.problem} (e.g. [{ "slot": "home.tiles", "module": "home-tile" }])`);
  if (typeof name !== 'string' || !isValidName(name))
    problems.push(`"name" ${JSON.stringify(name)}: ${RULES_EXPLAINED.name}`);
  if (typeof path !== 'string' || !isValidRoute(path))
    problems.push(`"path" ${JSON.stringify(path)}: ${RULES_EXPLAINED.route}`);
  else if (reservedPathOf(path))
    problems.push(`"path" ${path} is the host's own (${reservedPathOf(path)}); choose another.`);
  if (typeof label !== 'string' || !isValidLabel(label))
    problems.push(`"label" ${JSON.stringify(label)}: ${RULES_EXPLAINED.label}`);
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1024 || port > 65_435)
    problems.push(`"port" ${JSON.stringify(port)}: a whole number from 1024 to 65435.`);
  if (problems.length > 0)
    throw new RemoteSettingsError(
      'INVALID_SETTING',
      `package.json's "mfe" block is invalid:\n  ${problems.join('\n  ')}`,
    );
  return {
    name: name as string,
    path: path as string,
    label: label as string,
    port: port as number,
    ...(placed?.ok ? { contributions: placed.contributions } : {}),
  };
}
