import type { ManifestEntry } from '@mfe/manifest';
import type { ManifestDocument } from './revisions';

/** The version an entry points at, read from its URL under the store (`…/<name>/<version>/mf-manifest.json`). */
export function versionOf(entry: Pick<ManifestEntry, 'name' | 'entry'>): string {
  const match = new RegExp(`/${entry.name}/([^/]+)/[^/]+$`).exec(new URL(entry.entry).pathname);
  return match ? decodeURIComponent(match[1]!) : entry.entry;
}

/** The version a remote's canary (its `candidate`) runs: the release in the candidate's entry URL. */
export function canaryVersion(name: string, candidate: { readonly entry: string }): string {
  return versionOf({ name, entry: candidate.entry });
}

const FIELDS = ['path', 'label', 'order', 'requiresAuth', 'requires', 'timeoutMs', 'contributions'] as const;

/** One line per remote that differs: `+` added, `-` removed, `~` changed (version first, then what else). */
export function diffManifests(before: ManifestDocument, after: ManifestDocument): string[] {
  const lines: string[] = [];
  const names = [...new Set([...before.remotes, ...after.remotes].map((remote) => remote.name))].sort();
  for (const name of names) {
    const a = before.remotes.find((remote) => remote.name === name);
    const b = after.remotes.find((remote) => remote.name === name);
    if (!a && b)
      lines.push(
        `+ ${name} ${versionOf(b)} ${b.path ? `at ${b.path}` : '(contributions only)'}${b.candidate ? `, canary ${describeCandidate(b)}` : ''}`,
      );
    else if (a && !b) lines.push(`- ${name} ${versionOf(a)}`);
    else if (a && b) {
      const changes: string[] = [];
      if (a.entry !== b.entry || a.integrity !== b.integrity) changes.push(`${versionOf(a)} → ${versionOf(b)}`);
      if (JSON.stringify(a.candidate) !== JSON.stringify(b.candidate))
        changes.push(`canary ${describeCandidate(a)} → ${describeCandidate(b)}`);
      for (const field of FIELDS) {
        if (JSON.stringify(a[field]) !== JSON.stringify(b[field]))
          changes.push(`${field} ${JSON.stringify(a[field])} → ${JSON.stringify(b[field])}`);
      }
      if (changes.length > 0) lines.push(`~ ${name} ${changes.join(', ')}`);
    }
  }
  return lines;
}

const describeCandidate = (remote: ManifestEntry): string =>
  remote.candidate ? `${canaryVersion(remote.name, remote.candidate)} at ${remote.candidate.percent} %` : 'none';
