import { ReleaseError } from '../errors';

/** What a command names: `<name>` or `<name>@<version>` (the last `@` splits: a scope's `@` comes first). */
export interface Target {
  readonly name: string;
  readonly version?: string;
}

export function parseTarget(text: string): Target {
  const at = text.lastIndexOf('@');
  return at > 0 ? { name: text.slice(0, at), version: text.slice(at + 1) } : { name: text };
}

/** A target that must name its version (deploy, rollout start). */
export function versionedTarget(text: string): Required<Target> {
  const { name, version } = parseTarget(text);
  if (!version) throw new ReleaseError('RELEASE_USAGE', `"${text}" is not <name>@<version>.`);
  return { name, version };
}
