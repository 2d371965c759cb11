import * as v from 'valibot';
// The typed errors alone: the contract's root loads React, which a release command or renderer must not load first.
import { PlatformError } from '@mfe/context/errors';
import {
  DEFAULTS,
  LABEL_MAX_LENGTH,
  LABEL_PATTERN,
  NAME_PATTERN,
  pathsOverlap,
  reservedPathOf,
  ROUTE_PATTERN,
  RULES_EXPLAINED,
} from './rules';
import { SRI_PATTERN } from './remote-build';
import { localeTag } from './config-fields';
import { describeIssues } from './validation';
import { ContributionsSchema, RequiresSchema } from './contributions';

/**
 * The runtime manifest (`remotes.json`): which feature areas exist, where
 * their federation entries live and where they mount. Platform engineers
 * edit it to compose the app without rebuilding the host.
 */
export const MANIFEST_SCHEMA_VERSION = 4;
/**
 * The versions a host reads. Version 2 adds a `candidate` beside an entry (a canary: another
 * build of the remote for a share of browsers); version 3 adds `labels`, the navigation label in
 * other languages; version 4 adds `contributions`, what the remote puts in other pages' slots
 * (contributions.ts). A manifest is written in the lowest version its fields need, so hosts from
 * before a version read every manifest that does not use it.
 */
export const MANIFEST_SCHEMA_VERSIONS = [1, 2, 3, 4] as const;
export type ManifestSchemaVersion = (typeof MANIFEST_SCHEMA_VERSIONS)[number];

/**
 * Fields the federation runtime would evaluate as code. They are refused by
 * name (with a clearer message than "unknown field") so a manifest can never
 * smuggle code into the host.
 */
const EXECUTABLE_FIELDS = ['getPublicPath', 'publicPath', 'script', 'init', 'get'];

const EntryUrlSchema = v.pipe(
  v.string(),
  v.url("must be an absolute URL of the remote's mf-manifest.json or remoteEntry.js"),
  v.regex(/^https?:\/\//, 'must be an http(s) URL'),
  // Credentials in a URL would pass the origin check and end up in logs: refused, and never echoed.
  v.check((url) => !/^https?:\/\/[^/?#]*@/.test(url), 'must not carry a user name or password'),
);

/**
 * Subresource-integrity hash of the remote's `remoteEntry.js` (its build writes it to
 * `integrity.json`). The host refuses other bytes; the entry pins each of its chunks in turn.
 */
const IntegritySchema = v.optional(v.pipe(v.string(), v.regex(SRI_PATTERN, `must be ${RULES_EXPLAINED.integrity}`)));

const ENTRY_FIELDS = {
  name: v.pipe(v.string(), v.regex(NAME_PATTERN, `must be ${RULES_EXPLAINED.name}`)),
  entry: EntryUrlSchema,
  path: v.pipe(v.string(), v.regex(ROUTE_PATTERN, `must be ${RULES_EXPLAINED.route}`)),
  label: v.pipe(
    v.string(),
    v.maxLength(LABEL_MAX_LENGTH, `must be the navigation label: ${RULES_EXPLAINED.label}`),
    v.regex(LABEL_PATTERN, `must be the navigation label: ${RULES_EXPLAINED.label}`),
  ),
  order: v.optional(v.pipe(v.number(), v.integer()), 100),
  requiresAuth: v.optional(v.boolean(), true),
  /** Who may use it: any one of `roles` (from the roles claim) and every one of `scopes`. */
  requires: v.optional(RequiresSchema),
  integrity: IntegritySchema,
  /** How long the remote's entry may take to load before its area shows the error panel. */
  timeoutMs: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(500, 'must be at least 500'),
      v.maxValue(60_000, 'must be at most 60000'),
    ),
    DEFAULTS.remoteTimeoutMs,
  ),
};

const notAField = (version: number) => (issue: { expected: string | null }) =>
  issue.expected === 'never'
    ? `is not a field of schema version ${version}`
    : 'must be an object with name, entry, path and label';

export const RemoteEntrySchema = v.strictObject(ENTRY_FIELDS, notAField(1));

/** Another build of the remote for `percent` of browsers (each browser keeps its side: cohort.ts in the host). */
export const CandidateSchema = v.strictObject(
  {
    entry: EntryUrlSchema,
    integrity: IntegritySchema,
    percent: v.pipe(
      v.number(),
      v.minValue(0, 'must be a share from 0 to 100'),
      v.maxValue(100, 'must be a share from 0 to 100'),
    ),
  },
  (issue) =>
    issue.expected === 'never' ? 'is not a field of a candidate' : 'must be an object with entry and percent',
);

export const RemoteEntryV2Schema = v.strictObject(
  { ...ENTRY_FIELDS, candidate: v.optional(CandidateSchema) },
  notAField(2),
);

const LabelSchema = ENTRY_FIELDS.label;
export const RemoteEntryV3Schema = v.strictObject(
  {
    ...ENTRY_FIELDS,
    candidate: v.optional(CandidateSchema),
    /** The navigation label in other languages, by locale ("de": "Empfehlungen"); `label` is the default language's. */
    labels: v.optional(v.record(localeTag, LabelSchema)),
  },
  notAField(3),
);

/**
 * Version 4: `contributions`, and a remote that only contributes (no `path` or `label`: it owns no
 * area, so nothing is routed or listed in the navigation for it).
 */
export const RemoteEntryV4Schema = v.pipe(
  v.strictObject(
    {
      ...RemoteEntryV3Schema.entries,
      path: v.optional(ENTRY_FIELDS.path),
      label: v.optional(ENTRY_FIELDS.label),
      contributions: v.optional(ContributionsSchema),
    },
    notAField(4),
  ),
  v.check(
    (entry) =>
      entry.path !== undefined && entry.label !== undefined
        ? true
        : entry.path === undefined && entry.label === undefined && (entry.contributions?.length ?? 0) > 0,
    'must have a path and a label (its area), or neither and contributions (a remote that only contributes)',
  ),
);

/** An entry's label in a locale: its own, else its language's ("de" for "de-AT"), else the default one. */
export function labelIn(remote: Pick<RemoteEntry, 'label' | 'labels'>, locale: string): string {
  return remote.labels?.[locale] ?? remote.labels?.[locale.split('-')[0]!] ?? remote.label;
}

/** The lowest schema version an entry list needs (what the release command writes). */
export function schemaVersionFor(
  remotes: ReadonlyArray<Pick<ManifestEntry, 'candidate' | 'labels' | 'contributions'>>,
): ManifestSchemaVersion {
  if (remotes.some((remote) => remote.contributions && remote.contributions.length > 0)) return 4;
  if (remotes.some((remote) => remote.labels && Object.keys(remote.labels).length > 0)) return 3;
  return remotes.some((remote) => remote.candidate) ? 2 : 1;
}

/** Any entry of a manifest: a remote with an area, or one that only contributes to slots. */
export type ManifestEntry = v.InferOutput<typeof RemoteEntryV4Schema>;
/** A remote with an area: mounted at `path`, listed in the navigation as `label`. */
export type RemoteEntry = ManifestEntry & { readonly path: string; readonly label: string };

/** Whether an entry owns an area (else it only contributes to slots). */
export function hasArea(entry: ManifestEntry): entry is RemoteEntry {
  return entry.path !== undefined && entry.label !== undefined;
}
export type Candidate = v.InferOutput<typeof CandidateSchema>;

// The document is read leniently (each entry on its own, below) so one bad
// entry does not hide the others; ManifestSchema is the strict form, for the
// exported JSON Schema and editors.
const ManifestEnvelopeSchema = v.object({
  schemaVersion: v.picklist(
    MANIFEST_SCHEMA_VERSIONS,
    `must be ${MANIFEST_SCHEMA_VERSIONS.join(' or ')} (this host reads those)`,
  ),
  remotes: v.array(v.unknown(), 'must be a list of remote entries'),
});

export const ManifestSchema = v.object({
  $schema: v.optional(v.string()),
  schemaVersion: v.picklist(MANIFEST_SCHEMA_VERSIONS),
  /** Written by the release command: which revision of its environment this is. */
  revision: v.optional(v.pipe(v.number(), v.integer())),
  remotes: v.array(RemoteEntryV4Schema),
});

export interface ManifestProblem {
  /** Index of the entry in `remotes`. */
  readonly index: number;
  /** Its name, when it had a readable one. */
  readonly name?: string;
  readonly message: string;
}

export interface ParsedManifest {
  /** Valid entries with an area, sorted by `order` then label. */
  readonly remotes: readonly RemoteEntry[];
  /** Valid entries that only contribute to slots (no area), in the manifest's order. */
  readonly contributors: readonly ManifestEntry[];
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
  const contributors: ManifestEntry[] = [];
  const problems: ManifestProblem[] = [];
  document.output.remotes.forEach((raw, index) => {
    const rawName =
      typeof raw === 'object' && raw !== null && typeof (raw as { name?: unknown }).name === 'string'
        ? (raw as { name: string }).name
        : undefined;
    const refuse = (message: string) => problems.push({ index, ...(rawName ? { name: rawName } : {}), message });
    const executable = typeof raw === 'object' && raw !== null ? EXECUTABLE_FIELDS.filter((field) => field in raw) : [];
    if (executable.length > 0)
      return refuse(
        `"${executable[0]}" is refused: manifest entries may not carry code for the federation runtime to evaluate`,
      );
    const version = document.output.schemaVersion;
    const entry = v.safeParse(
      [RemoteEntrySchema, RemoteEntryV2Schema, RemoteEntryV3Schema, RemoteEntryV4Schema][version - 1]!,
      raw,
    );
    if (!entry.success) return refuse(describeIssues(entry.issues));
    const remote: ManifestEntry = entry.output;
    for (const [field, pinned] of [
      ['entry', remote],
      ...(remote.candidate ? [['candidate.entry', remote.candidate] as const] : []),
    ] as const) {
      const origin = new URL(pinned.entry).origin;
      if (!policy.allowedOrigins.includes(origin)) {
        return refuse(
          `"${field}" origin ${origin} is not in the host's allowedRemoteOrigins (config.json); nothing was fetched from it`,
        );
      }
      if (policy.requireIntegrity && !pinned.integrity) {
        return refuse(
          `has no "${field === 'entry' ? '' : 'candidate.'}integrity": this host loads only pinned remotes. Add the "remoteEntry.js" hash from the build's integrity.json (or set requireIntegrity: false in config.json, for development only)`,
        );
      }
    }
    if ([...remotes, ...contributors].some((other) => other.name === remote.name))
      return refuse(`"name" ${remote.name} is listed twice`);
    if (!hasArea(remote)) return void contributors.push(remote);
    const reserved = reservedPathOf(remote.path);
    if (reserved) return refuse(`"path" ${remote.path} is reserved by the host (${reserved})`);
    const clash = remotes.find((other) => pathsOverlap(other.path, remote.path));
    if (clash) return refuse(`"path" ${remote.path} overlaps ${clash.path} of remote "${clash.name}"`);
    remotes.push(remote);
  });
  remotes.sort((a, b) => a.order - b.order || a.label.localeCompare(b.label));
  return { remotes, contributors, problems };
}

export function describeProblem(problem: ManifestProblem): string {
  return `remotes[${problem.index}]${problem.name ? ` ("${problem.name}")` : ''}: ${problem.message}`;
}
