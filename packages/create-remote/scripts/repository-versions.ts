import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ToolkitVersions } from '../src/standalone';

// Not published: the versions as this repository has them now, for the package's build
// (write-versions.ts) and its tests. The published command reads versions.json only.

/** The toolkit packages a standalone remote depends on, by the version key its template uses. */
const TOOLKIT_PACKAGES = {
  context: 'context',
  manifest: 'manifest',
  'webpack-config': 'webpack-config',
  'dev-host': 'dev-host',
  release: 'release',
} as const;

const REPO_ROOT = join(__dirname, '..', '..', '..');

/** The catalog of pnpm-workspace.yaml, and the toolkit packages' own versions (one source, no copy to keep). */
export function repositoryVersions(repoRoot = REPO_ROOT): ToolkitVersions {
  const versions: Record<string, string> = {};
  const workspace = readFileSync(join(repoRoot, 'pnpm-workspace.yaml'), 'utf8');
  const catalog = workspace.slice(workspace.indexOf('catalog:'));
  for (const match of catalog.matchAll(/^ {2}'?([@\w./-]+)'?: ['"]?([\w.^~-]+)['"]?$/gm))
    versions[match[1]!] = match[2]!;
  for (const [key, dir] of Object.entries(TOOLKIT_PACKAGES)) {
    versions[key] = (
      JSON.parse(readFileSync(join(repoRoot, 'packages', dir, 'package.json'), 'utf8')) as { version: string }
    ).version;
  }
  return versions;
}
