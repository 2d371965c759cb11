import { findIncompatibilities } from './compatibility';
import { describeProblem, parseManifest, type RemoteEntry } from './manifest';

export interface CheckOptions {
  /** Origins entries may use (the host's own and its `allowedRemoteOrigins`). */
  readonly allowedOrigins: readonly string[];
  /** Also fetch every entry and check what its build declares. */
  readonly reachable: boolean;
  /** Versions the host provides (singletons and the @mfe/context contract). */
  readonly provided: Readonly<Record<string, string>>;
  readonly fetchImpl?: typeof fetch;
  readonly timeoutMs?: number;
}

export interface CheckReport {
  readonly ok: boolean;
  readonly lines: readonly string[];
}

/** What a pipeline runs before publishing a manifest: the same validation as the host, plus reachability. */
export async function checkManifest(document: unknown, options: CheckOptions): Promise<CheckReport> {
  const lines: string[] = [];
  let ok = true;
  let parsed;
  try {
    parsed = parseManifest(document, { allowedOrigins: options.allowedOrigins });
  } catch (error) {
    return { ok: false, lines: [`✖ ${(error as Error).message}`] };
  }
  for (const problem of parsed.problems) {
    ok = false;
    lines.push(`✖ ${describeProblem(problem)}`);
  }
  for (const remote of parsed.remotes) {
    if (!options.reachable) {
      lines.push(`✔ ${remote.name} (${remote.path}) is valid`);
      continue;
    }
    const problem = await checkEntry(remote, options);
    if (problem) {
      ok = false;
      lines.push(`✖ ${remote.name}: ${problem}`);
    } else {
      lines.push(`✔ ${remote.name} (${remote.path}) is valid, reachable and compatible`);
    }
  }
  return { ok, lines };
}

async function checkEntry(remote: RemoteEntry, options: CheckOptions): Promise<string | null> {
  const fetchImpl = options.fetchImpl ?? fetch;
  let response: Response;
  try {
    response = await fetchImpl(remote.entry, { signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
  } catch (error) {
    return `${remote.entry} could not be reached (${(error as Error).message})`;
  }
  if (!response.ok) return `${remote.entry} answered HTTP ${response.status}`;
  if (!remote.entry.endsWith('.json')) return null;
  let manifest: unknown;
  try {
    manifest = await response.json();
  } catch {
    return `${remote.entry} is not JSON (is it really the remote's mf-manifest.json?)`;
  }
  const incompatible = findIncompatibilities(manifest, options.provided);
  if (incompatible.length > 0) {
    return `built for ${incompatible.map((p) => `${p.packageName} ${p.required}`).join(', ')}, but the host provides ${incompatible.map((p) => `${p.packageName} ${p.provided}`).join(', ')}`;
  }
  const contract = (manifest as { shared?: Array<{ name?: string }> }).shared?.some((shared) => shared.name === '@mfe/context');
  if (!contract) return `${remote.entry} does not declare the @mfe/context contract (was it built with webpack.shared.js?)`;
  return null;
}
