import { checkManifest, describeDeployedHost } from '@mfe/manifest/check';
import { ReleaseError } from '../errors';
import type { ManifestDocument } from './revisions';

/**
 * Checks a manifest as the environment's host will read it, before it becomes current: the schema,
 * the host's allowed origins and integrity rule, and for every entry that it answers, declares the
 * contract, is compatible with the React and react-router the host provides, and has the pinned
 * bytes. Returns one line per problem (none: fine). Warnings (global CSS, a public area without a
 * server build) do not stop the release; each is said once, through `warn`.
 */
export function hostCheck(
  hostUrl: string | undefined,
  env: string,
  fetchImpl: typeof fetch = fetch,
  warn: (line: string) => void = (line) => console.error(line),
): (next: ManifestDocument) => Promise<readonly string[]> {
  const said = new Set<string>();
  return async (next) => {
    if (!hostUrl)
      throw new ReleaseError(
        'RELEASE_USAGE',
        `Which host does ${env} serve? Give --host <its URL>, or record it once: \`mfe-release init … --host ${env}=<url>\`.`,
      );
    let host;
    try {
      host = await describeDeployedHost(hostUrl, fetchImpl);
    } catch (error) {
      return [`✖ ${(error as Error).message}`];
    }
    const report = await checkManifest(next, { ...host, reachable: true, fetchImpl });
    for (const line of report.lines) {
      if (!line.startsWith('⚠') || said.has(line)) continue;
      said.add(line);
      warn(line);
    }
    return report.ok ? [] : report.lines.filter((line) => line.startsWith('✖'));
  };
}
