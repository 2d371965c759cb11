import { parseManifest, type ManifestEntry, type ManifestPolicy, type ParsedManifest } from '@mfe/manifest';
import { fetchRuntimeJson } from './fetch-json';

// The schema and its validation live in @mfe/manifest (shared with the check command).
export {
  describeProblem,
  hasArea,
  parseManifest,
  type ManifestProblem,
  type ParsedManifest,
  type ManifestEntry,
  type RemoteEntry,
} from '@mfe/manifest';

export async function loadManifest(
  url: string,
  policy: ManifestPolicy,
  fetchImpl: typeof fetch = fetch,
): Promise<ParsedManifest> {
  const body = await fetchRuntimeJson(
    url,
    'remotes manifest',
    'MANIFEST_UNAVAILABLE',
    'Check your connection and try again.',
    fetchImpl,
  );
  return parseManifest(body, policy);
}

/** Every entry of a manifest: the areas, then the remotes that only contribute to slots. */
export function entriesOf(manifest: Pick<ParsedManifest, 'remotes' | 'contributors'>): ManifestEntry[] {
  return [...manifest.remotes, ...manifest.contributors];
}
