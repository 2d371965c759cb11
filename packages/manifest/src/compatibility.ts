import { CONTRACT_PACKAGE } from './remote-build';

/** What a remote's `mf-manifest.json` says about the shared packages it was built against. */
interface FederationManifest {
  readonly shared?: ReadonlyArray<{ readonly name?: unknown; readonly requiredVersion?: unknown }>;
}

export interface Incompatibility {
  readonly packageName: string;
  /** The range the remote was built for. */
  readonly required: string;
  /** What the host provides. */
  readonly provided: string;
}

/**
 * Whether `version` is in `range` (npm's semver rules). Passed in, so a browser uses the federation
 * runtime's own `satisfy` (already in its first script) and Node uses the `semver` package.
 */
export type RangeCheck = (version: string, range: string) => boolean;

/**
 * Compares the ranges a remote's build recorded for the host's singletons
 * (React, react-router, the @mfe/context contract…) with what the host
 * provides. Anything the host does not provide is the remote's own business.
 */
export function findIncompatibilities(
  manifest: unknown,
  provided: Readonly<Record<string, string>>,
  satisfies: RangeCheck,
): Incompatibility[] {
  const shared = (manifest as FederationManifest | null)?.shared;
  if (!Array.isArray(shared)) return [];
  const problems: Incompatibility[] = [];
  for (const entry of shared) {
    if (typeof entry?.name !== 'string' || typeof entry.requiredVersion !== 'string') continue;
    const version = provided[entry.name];
    if (version && !satisfies(version, entry.requiredVersion))
      problems.push({ packageName: entry.name, required: entry.requiredVersion, provided: version });
  }
  return problems;
}

/**
 * @deprecated The host says this in the page's language now (apps/host/src/remotes/area-failure.ts);
 * kept, in English, for tools written against earlier versions of this package.
 */
export function describeIncompatibility(label: string, problems: readonly Incompatibility[]): string {
  const details = problems.map((p) =>
    p.packageName === CONTRACT_PACKAGE
      ? `the platform contract ${p.required} (this app provides ${p.provided})`
      : `${p.packageName} ${p.required} (this app provides ${p.provided})`,
  );
  return `The "${label}" area needs an update: it was built for ${details.join(' and ')}. Its team needs to rebuild it against this app's versions; the rest of the app works as usual.`;
}
