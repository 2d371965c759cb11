import * as v from 'valibot';
import { PlatformError } from '@mfe/context';
import { LABEL_MAX_LENGTH, LABEL_PATTERN, NAME_PATTERN, pathsOverlap, reservedPathOf, ROUTE_PATTERN, RULES_EXPLAINED } from './rules';
import { SRI_PATTERN } from './remote-build';
import { describeIssues } from './validation';

/**
 * The runtime manifest (`remotes.json`): which feature areas exist, where
 * their federation entries live and where they mount. Platform engineers
 * edit it to compose the app without rebuilding the host.
 */
export const MANIFEST_SCHEMA_VERSION = 1;

/**
 * Fields the federation runtime would evaluate as code. They are refused by
 * name (with a clearer message than "unknown field") so a manifest can never
 * smuggle code into the host.
 */
const EXECUTABLE_FIELDS = ['getPublicPath', 'publicPath', 'script', 'init', 'get'];

export const RemoteEntrySchema = v.strictObject({
  name: v.pipe(v.string(), v.regex(NAME_PATTERN, `must be ${RULES_EXPLAINED.name}`)),
  entry: v.pipe(
    v.string(),
    v.url('must be an absolute URL of the remote\'s mf-manifest.json or remoteEntry.js'),
    v.regex(/^https?:\/\//, 'must be an http(s) URL'),
    // Credentials in a URL would pass the origin check and end up in logs: refused, and never echoed.
    v.check((url) => !/^https?:\/\/[^/?#]*@/.test(url), 'must not carry a user name or password'),
  ),
  path: v.pipe(v.string(), v.regex(ROUTE_PATTERN, `must be ${RULES_EXPLAINED.route}`)),
  label: v.pipe(v.string(), v.maxLength(LABEL_MAX_LENGTH, `must be the navigation label: ${RULES_EXPLAINED.label}`), v.regex(LABEL_PATTERN, `must be the navigation label: ${RULES_EXPLAINED.label}`)),
  order: v.optional(v.pipe(v.number(), v.integer()), 100),
  requiresAuth: v.optional(v.boolean(), true),
  /** Who may use it: any one of `roles` (from the roles claim) and every one of `scopes`. */
  requires: v.optional(
    v.strictObject({
      roles: v.optional(v.array(v.pipe(v.string(), v.minLength(1)))),
      scopes: v.optional(v.array(v.pipe(v.string(), v.minLength(1)))),
    }),
  ),
  /**
   * Subresource-integrity hash of the remote's `remoteEntry.js` (its build writes it to
   * `integrity.json`). The host refuses other bytes; the entry pins each of its chunks in turn.
   */
  integrity: v.optional(v.pipe(v.string(), v.regex(SRI_PATTERN, `must be ${RULES_EXPLAINED.integrity}`))),
  /** How long the remote's entry may take to load before its area shows the error panel. */
  timeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(500, 'must be at least 500'), v.maxValue(60_000, 'must be at most 60000')), 10_000),
}, (issue) => (issue.expected === 'never' ? 'is not a field of schema version 1' : 'must be an object with name, entry, path and label'));

export type RemoteEntry = v.InferOutput<typeof RemoteEntrySchema>;

// The document is read leniently (each entry on its own, below) so one bad
// entry does not hide the others; ManifestSchema is the strict form, for the
// exported JSON Schema and editors.
const ManifestEnvelopeSchema = v.object({
  schemaVersion: v.literal(MANIFEST_SCHEMA_VERSION, `must be ${MANIFEST_SCHEMA_VERSION}`),
  remotes: v.array(v.unknown(), 'must be a list of remote entries'),
});

export const ManifestSchema = v.object({
  $schema: v.optional(v.string()),
  schemaVersion: v.literal(MANIFEST_SCHEMA_VERSION),
  remotes: v.array(RemoteEntrySchema),
});

export interface ManifestProblem {
  /** Index of the entry in `remotes`. */
  readonly index: number;
  /** Its name, when it had a readable one. */
  readonly name?: string;
  readonly message: string;
}

export interface ParsedManifest {
  /** Valid entries, sorted by `order` then label. */
  readonly remotes: readonly RemoteEntry[];
  /** One per refused entry; the valid ones still load. */
  readonly problems: readonly ManifestProblem[];
}

/**
 * Validates the manifest entry by entry, so one bad entry does not take
 * the others down. Throws `MANIFEST_INVALID` only when the document itself
 * is unusable.
 */
export interface ManifestPolicy {
  /** Origins entries may point at; checked before anything is fetched. */
  readonly allowedOrigins: readonly string[];
  /** Refuse entries without `integrity` (the runtime config's `requireIntegrity`, default true). */
  readonly requireIntegrity?: boolean;
}

export function parseManifest(input: unknown, policy: ManifestPolicy): ParsedManifest {
  const document = v.safeParse(ManifestEnvelopeSchema, input);
  if (!document.success) {
    throw new PlatformError('MANIFEST_INVALID', `The remotes manifest is invalid: ${describeIssues(document.issues)}.`);
  }
  const remotes: RemoteEntry[] = [];
  const problems: ManifestProblem[] = [];
  document.output.remotes.forEach((raw, index) => {
    const rawName = typeof raw === 'object' && raw !== null && typeof (raw as { name?: unknown }).name === 'string' ? (raw as { name: string }).name : undefined;
    const refuse = (message: string) => problems.push({ index, ...(rawName ? { name: rawName } : {}), message });
    const executable = typeof raw === 'object' && raw !== null ? EXECUTABLE_FIELDS.filter((field) => field in raw) : [];
    if (executable.length > 0) return refuse(`"${executable[0]}" is refused: manifest entries may not carry code for the federation runtime to evaluate`);
    const entry = v.safeParse(RemoteEntrySchema, raw);
    if (!entry.success) return refuse(describeIssues(entry.issues));
    const remote = entry.output;
    const origin = new URL(remote.entry).origin;
    if (!policy.allowedOrigins.includes(origin)) {
      return refuse(`"entry" origin ${origin} is not in the host's allowedRemoteOrigins (config.json); nothing was fetched from it`);
    }
    if (policy.requireIntegrity && !remote.integrity) {
      return refuse(`has no "integrity": this host loads only pinned remotes. Add the "remoteEntry.js" hash from the build's integrity.json (or set requireIntegrity: false in config.json, for development only)`);
    }
    const reserved = reservedPathOf(remote.path);
    if (reserved) return refuse(`"path" ${remote.path} is reserved by the host (${reserved})`);
    if (remotes.some((other) => other.name === remote.name)) return refuse(`"name" ${remote.name} is listed twice`);
    const clash = remotes.find((other) => pathsOverlap(other.path, remote.path));
    if (clash) return refuse(`"path" ${remote.path} overlaps ${clash.path} of remote "${clash.name}"`);
    remotes.push(remote);
  });
  remotes.sort((a, b) => a.order - b.order || a.label.localeCompare(b.label));
  return { remotes, problems };
}

export function describeProblem(problem: ManifestProblem): string {
  return `remotes[${problem.index}]${problem.name ? ` ("${problem.name}")` : ''}: ${problem.message}`;
}
