import { entryProblem, exposesProblem } from './build-contents';
import satisfies from 'semver/functions/satisfies.js';
import { findIncompatibilities } from './compatibility';
import { describeProblem, parseManifest, type ManifestEntry } from './manifest';
import {
  CONTRACT_PACKAGE,
  entryScriptUrl,
  exposedModules,
  firstFilesUnrecorded,
  INTEGRITY_REQUIRED_BY_DEFAULT,
  listedFiles,
  notPinnedByEntry,
  ownsItsRoot,
  readExposedFiles,
  readRemoteBuild,
  unrecordedFirstFiles,
} from './remote-build';
import { contributionExpose } from './contributions';
import { readHostRemotePolicy } from './runtime-config';
import { entryPins, matchesPin, pinsBytes, sri } from '../sri';

export interface CheckOptions {
  /** Origins entries may use (the host's own and its `allowedRemoteOrigins`). */
  readonly allowedOrigins: readonly string[];
  /** Refuse entries without `integrity`, as a host with `requireIntegrity` (the default) does. */
  readonly requireIntegrity?: boolean;
  /** Also fetch every entry and check what its build declares. */
  readonly reachable: boolean;
  /** Versions the host provides (singletons and the @mfe/context contract). */
  readonly provided: Readonly<Record<string, string>>;
  /** The slots the host's shell offers (its mfe-host.json); unknown when the host is not described. */
  readonly hostSlots?: readonly string[];
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
    parsed = parseManifest(document, {
      allowedOrigins: options.allowedOrigins,
      requireIntegrity: options.requireIntegrity ?? INTEGRITY_REQUIRED_BY_DEFAULT,
    });
  } catch (error) {
    return { ok: false, lines: [`✖ ${(error as Error).message}`] };
  }
  for (const problem of parsed.problems) {
    ok = false;
    lines.push(`✖ ${describeProblem(problem)}`);
  }
  const entries = [...parsed.remotes, ...parsed.contributors];
  // The slots each stable build offers, as it recorded them (undefined: not read, or not recorded).
  const offered = new Map<string, readonly string[] | undefined>();
  for (const remote of entries) {
    const where = remote.path ?? 'contributions only';
    if (!options.reachable) {
      lines.push(`✔ ${remote.name} (${where}) is valid`);
      continue;
    }
    // A canary's candidate is checked as strictly as the stable build: some browsers will run it.
    const builds = [
      { label: remote.name, entry: remote },
      ...(remote.candidate
        ? [
            {
              label: `${remote.name} (candidate at ${remote.candidate.percent} %)`,
              entry: { ...remote, ...remote.candidate },
            },
          ]
        : []),
    ];
    for (const { label, entry } of builds) {
      const { problem, warnings, slots } = await checkEntry(entry, options);
      if (entry === remote) offered.set(remote.name, slots);
      if (problem) {
        ok = false;
        lines.push(`✖ ${label}: ${problem}`);
      } else {
        lines.push(`✔ ${label} (${where}) is valid, reachable and compatible`);
      }
      for (const warning of warnings) lines.push(`⚠ ${label}: ${warning}`);
    }
  }
  if (options.reachable) lines.push(...slotsNobodyOffers(entries, offered, options.hostSlots));
  return { ok, lines };
}

/**
 * A contribution placed in a slot that neither the host nor any build in the manifest offers never
 * shows (a typo in a slot's name would cost its team a release). A warning, not a refusal: the area
 * offering a slot may be deployed after the remotes filling it (an environment's first release).
 */
function slotsNobodyOffers(
  entries: readonly ManifestEntry[],
  offered: ReadonlyMap<string, readonly string[] | undefined>,
  hostSlots: readonly string[] | undefined,
): string[] {
  const known = [...(hostSlots ?? []), ...[...offered.values()].flatMap((slots) => slots ?? [])];
  const complete = hostSlots !== undefined && [...offered.values()].every((slots) => slots !== undefined);
  const list = [...new Set(known)].sort().join(', ') || 'none';
  return entries.flatMap((remote) =>
    (remote.contributions ?? [])
      .filter((contribution) => !known.includes(contribution.slot))
      .map(
        (contribution) =>
          `⚠ ${remote.name}: places "${contribution.module}" in the slot "${contribution.slot}", which ${complete ? 'nothing offers' : 'no build known to this check offers'} (offered: ${list}). Is its name right? It shows nothing until the host's shell or an area's build (the preset's \`slots\`) offers it.`,
      ),
  );
}

/** What the check says of one entry: a problem that fails it, and warnings that do not. */
interface EntryFindings {
  readonly problem: string | null;
  readonly warnings: readonly string[];
  /** The slots its build offers, as it recorded them. */
  readonly slots?: readonly string[];
}

async function checkEntry(remote: ManifestEntry, options: CheckOptions): Promise<EntryFindings> {
  const problem = (text: string | null): EntryFindings => ({ problem: text, warnings: [] });
  const fetchImpl = options.fetchImpl ?? fetch;
  let response: Response;
  try {
    response = await fetchImpl(remote.entry, { signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
  } catch (error) {
    return problem(`${remote.entry} could not be reached (${(error as Error).message})`);
  }
  if (!response.ok) return problem(`${remote.entry} answered HTTP ${response.status}`);
  if (!remote.entry.endsWith('.json')) return problem(null);
  let manifest: unknown;
  try {
    manifest = await response.json();
  } catch {
    return problem(`${remote.entry} is not JSON (is it really the remote's mf-manifest.json?)`);
  }
  const incompatible = findIncompatibilities(manifest, options.provided, satisfies);
  if (incompatible.length > 0) {
    return problem(
      `built for ${incompatible.map((p) => `${p.packageName} ${p.required}`).join(', ')}, but the host provides ${incompatible.map((p) => `${p.packageName} ${p.provided}`).join(', ')}`,
    );
  }
  const build = readRemoteBuild(manifest);
  // An area mounted into a root of its own shares nothing with the host, the contract package included.
  if (!build.declaresContract && !ownsItsRoot(build))
    return problem(
      `${remote.entry} does not declare the ${CONTRACT_PACKAGE} contract (was it built with the platform's preset, @mfe/webpack-config?)`,
    );
  // An area's build exposes its area; any build exposes it or a contribution.
  const shape = exposesProblem(manifest, { area: remote.path !== undefined });
  if (shape) return problem(shape);
  // Each contribution the manifest places must be a module the build exposes (else its slot says it failed).
  const exposed = exposedModules(manifest);
  const missing = (remote.contributions ?? []).filter(
    (contribution) => !exposed.includes(`./${contributionExpose(contribution.module)}`),
  );
  if (missing.length > 0)
    return problem(
      `places ${missing.map((item) => `"${item.module}" in ${item.slot}`).join(', ')}, but its build exposes no ${missing.map((item) => `./${contributionExpose(item.module)}`).join(', ')} (it exposes ${exposed.join(', ') || 'nothing'}; a contribution is a file src/contributions/<module>.tsx)`,
    );
  if (remote.integrity) {
    const pinned = await checkIntegrity(entryScriptUrl(remote.entry), remote.integrity, fetchImpl, options.timeoutMs);
    if (typeof pinned === 'string') return problem(pinned);
    const unpinned = await checkPinning(remote.entry, manifest, pinned.entry, fetchImpl, options.timeoutMs);
    if (unpinned) return problem(unpinned);
    const unrunnable = entryProblem(pinned.entry);
    if (unrunnable) return problem(unrunnable);
  }
  const { globalCss } = build;
  const warnings =
    globalCss.length > 0
      ? [
          `ships global CSS (${globalCss.join(', ')}): its rules reach the whole page, the shell included, while its area is on screen (the host switches them off elsewhere); prefer CSS Modules`,
        ]
      : [];
  if (!remote.requiresAuth && !(await hasServerBuild(remote.entry, fetchImpl, options.timeoutMs))) {
    warnings.push(
      'is public but has no server build (server/server.json): its pages are not rendered ahead of time and show once its code has arrived; build it with remoteServerConfig from the preset',
    );
  }
  return { problem: null, warnings, ...(build.slots ? { slots: build.slots } : {}) };
}

/** Whether a remote's build comes with the server build its public pages are rendered ahead of time from. */
async function hasServerBuild(entry: string, fetchImpl: typeof fetch, timeoutMs = 10_000): Promise<boolean> {
  try {
    const response = await fetchImpl(new URL('server/server.json', entry).href, {
      signal: AbortSignal.timeout(timeoutMs),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** Fetches a file's bytes, or says why it could not. */
async function fetchBytes(url: string, fetchImpl: typeof fetch, timeoutMs = 10_000): Promise<Uint8Array | string> {
  try {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return `${url} answered HTTP ${response.status}`;
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    return `${url} could not be reached (${(error as Error).message})`;
  }
}

/** Fetches the entry script and compares it with its pin, as the browser will: its bytes, or why it fails. */
async function checkIntegrity(
  url: string,
  integrity: string,
  fetchImpl: typeof fetch,
  timeoutMs?: number,
): Promise<{ entry: Uint8Array } | string> {
  const bytes = await fetchBytes(url, fetchImpl, timeoutMs);
  if (typeof bytes === 'string') return bytes;
  if (!matchesPin(integrity, bytes))
    return `${url} does not match its "integrity" (${sri(bytes)} served, ${integrity} pinned): the browser would refuse it. Pin the hash from this build's integrity.json, or publish the build that was pinned`;
  return { entry: bytes };
}

/**
 * Integrity checked, not trusted: every script and stylesheet the build lists must be pinned by its
 * entry (the entry's runtime carries its hash and loads it with it), and the first ones recorded for
 * the host's hints; a file whose bytes differ from what its build recorded is refused. Only files the
 * build's mf-manifest.json lists can be seen from a URL; `mfe-release publish` checks every file of
 * the folder.
 */
async function checkPinning(
  manifestUrl: string,
  manifest: unknown,
  entry: Uint8Array,
  fetchImpl: typeof fetch,
  timeoutMs?: number,
): Promise<string | null> {
  const unrecorded = unrecordedFirstFiles(manifest);
  if (unrecorded.length > 0) return firstFilesUnrecorded(unrecorded);
  const { integrityOf } = readExposedFiles(manifest);
  const files = listedFiles(manifest);
  const bodies = await Promise.all(
    files.map((file) => fetchBytes(new URL(file, manifestUrl).href, fetchImpl, timeoutMs)),
  );
  const unreachable = bodies.find((body): body is string => typeof body === 'string');
  if (unreachable) return unreachable;
  const altered = files.filter((file, index) => {
    const recorded = integrityOf(file);
    return recorded !== undefined && !matchesPin(recorded, bodies[index] as Uint8Array);
  });
  if (altered.length > 0)
    return `${altered.join(', ')} ${altered.length === 1 ? 'differs' : 'differ'} from the integrity its build recorded: the browser would refuse ${altered.length === 1 ? 'it' : 'them'}. Publish the build as it was built`;
  // The entry's integrity tables, parsed once: what its loader sets on each file it loads.
  const pins = entryPins(entry);
  const unpinned = files.filter((_, index) => !pinsBytes(pins, bodies[index] as Uint8Array));
  return unpinned.length > 0 ? notPinnedByEntry(unpinned) : null;
}

/**
 * What a deployed host provides and which remote origins it allows: its
 * `mfe-host.json` (written by the build preset) and its runtime `config.json`.
 */
export async function describeDeployedHost(
  hostUrl: string,
  fetchImpl: typeof fetch = fetch,
): Promise<{
  provided: Record<string, string>;
  allowedOrigins: string[];
  requireIntegrity: boolean;
  hostSlots?: string[];
}> {
  const origin = new URL(hostUrl).origin;
  const read = async (file: string) => {
    const url = `${origin}/${file}`;
    let response: Response;
    try {
      response = await fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      throw new Error(`The host's ${url} could not be reached (${(error as Error).message}).`);
    }
    if (!response.ok)
      throw new Error(
        `The host's ${url} answered HTTP ${response.status}${file === 'mfe-host.json' ? ' (is it a host built with @mfe/webpack-config 1.0 or later?)' : ''}.`,
      );
    try {
      return (await response.json()) as Record<string, unknown>;
    } catch {
      throw new Error(`The host's ${url} is not JSON.`);
    }
  };
  const [description, config] = await Promise.all([read('mfe-host.json'), read('config.json')]);
  const policy = readHostRemotePolicy(config, `The host's ${origin}/config.json`);
  return {
    ...readHostDescription(description, `The host's ${origin}/mfe-host.json`),
    allowedOrigins: [origin, ...policy.allowedRemoteOrigins],
    requireIntegrity: policy.requireIntegrity,
  };
}

/**
 * What a host build provides and the slots its shell offers, from its `mfe-host.json` (written by the
 * build preset, served beside the host): a deployed host's, or a host build folder's.
 */
export function readHostDescription(
  description: unknown,
  where: string,
): { provided: Record<string, string>; hostSlots?: string[] } {
  const body = (typeof description === 'object' && description !== null ? description : {}) as Record<string, unknown>;
  const provides = body.provides;
  if (
    !provides ||
    typeof provides !== 'object' ||
    Object.values(provides).some((version) => typeof version !== 'string')
  )
    throw new Error(`${where} has no "provides" map of package versions.`);
  return {
    provided: provides as Record<string, string>,
    // A host built before it recorded its slots says nothing of them.
    ...(Array.isArray(body.slots)
      ? { hostSlots: body.slots.filter((slot): slot is string => typeof slot === 'string') }
      : {}),
  };
}
