import * as v from 'valibot';
import { INTEGRITY_REQUIRED_BY_DEFAULT } from './remote-build';
import {
  AuthSchema,
  httpUrl,
  isOrigin,
  LOCAL_ORIGINS,
  localeTag,
  origin,
  TelemetryAdapterSchema,
} from './config-fields';
import { DEFAULTS, RUNTIME_FILES } from './rules';

export { isOrigin, LOCAL_ORIGINS, localeTag } from './config-fields';

/**
 * The host's runtime configuration (`config.json`), fetched at start-up so one
 * build runs against any environment and any OpenID provider. One schema for
 * the host, the release command (nginx headers, environment variables) and
 * the development stack, so they never disagree about what is valid.
 */
const RuntimeConfigFields = v.object({
  productName: v.pipe(v.string(), v.minLength(1, 'must be the name shown in the header')),
  auth: AuthSchema,
  manifestUrl: v.optional(v.pipe(v.string(), v.minLength(1)), RUNTIME_FILES.manifest),
  /** Origins remotes may be loaded from, besides the host's own. Anything else is refused before any request. */
  allowedRemoteOrigins: v.optional(
    v.array(
      v.pipe(
        v.string(),
        v.url('must be an origin such as "https://cdn.example.com"'),
        v.check(isOrigin, 'must be an origin only ("https://cdn.example.com", no path or trailing "/")'),
      ),
    ),
    [],
  ),
  /**
   * Fail closed: a manifest entry without `integrity` is refused, so no remote code runs unpinned
   * (default). Development stacks, whose remotes change on every save, set it to false.
   */
  requireIntegrity: v.optional(v.boolean(), INTEGRITY_REQUIRED_BY_DEFAULT),
  /** Origins of the product's APIs: the `api` client attaches the access token to these only. */
  apiOrigins: v.optional(v.array(origin('https://api.example.com')), []),
  features: v.optional(v.record(v.string(), v.record(v.string(), v.unknown())), {}),
  /**
   * The languages the product ships, and the one every default text is in. Each page is in one of
   * them: the visitor's choice, else the browser's languages, else the default.
   */
  i18n: v.optional(
    v.pipe(
      v.strictObject({
        defaultLocale: v.optional(localeTag, DEFAULTS.locale),
        locales: v.optional(v.pipe(v.array(localeTag), v.minLength(1, 'must list at least the default locale')), [
          DEFAULTS.locale,
        ]),
      }),
      v.forward(
        v.check((i18n) => i18n.locales.includes(i18n.defaultLocale), 'must include the default locale'),
        ['locales'],
      ),
    ),
    { defaultLocale: DEFAULTS.locale, locales: [DEFAULTS.locale] },
  ),
  /**
   * Developer overrides: point this host, for one browser session, at another build of a remote
   * (a local or preview build). Off unless enabled; only to these origins (`:*` = any port).
   */
  overrides: v.optional(
    v.object({
      enabled: v.boolean(),
      allowedOrigins: v.optional(
        v.array(
          v.pipe(
            v.string(),
            v.regex(
              /^https?:\/\/[a-z0-9.-]+(?::(?:\d+|\*))?$/,
              'must be an origin such as "http://localhost:*" or "https://preview.example.com"',
            ),
          ),
        ),
        [...LOCAL_ORIGINS],
      ),
    }),
    { enabled: false, allowedOrigins: [] },
  ),
  /** Telemetry adapters (default: none, so nothing leaves the page) and the query parameters that may be reported. */
  telemetry: v.optional(
    v.strictObject({
      adapters: v.optional(v.array(TelemetryAdapterSchema), []),
      /** Query parameters kept in reported URLs; every other one is dropped (they often carry codes and tokens). */
      allowedQueryParams: v.optional(
        v.array(v.pipe(v.string(), v.regex(/^[\w.-]+$/, 'must be a query parameter name'))),
        [],
      ),
    }),
    { adapters: [], allowedQueryParams: [] },
  ),
  /**
   * Consent: the host's banner asks once; an organisation with its own consent platform turns it off
   * and sets consent through `window.mfePlatform.consent.set(...)`.
   */
  consent: v.optional(v.strictObject({ banner: v.optional(v.boolean(), true) }), { banner: true }),
  /** A third-party tag-loading script (e.g. a tag manager), loaded only after marketing consent. */
  tagLoader: v.optional(
    v.strictObject({
      src: v.pipe(
        httpUrl('must be the tag script\'s URL, e.g. "https://tags.example.com/gtm.js?id=GTM-XXXX"'),
        v.check(
          (value) => value.startsWith('https://') || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//.test(value),
          'must be an https URL (http only on localhost)',
        ),
      ),
      /** Further origins the tags talk to (allowed in the CSP's connect-src and img-src). */
      connectOrigins: v.optional(v.array(origin('https://www.google-analytics.com')), []),
    }),
  ),
  /** Who may open /diagnostics: users with any of these roles, or everyone when `public` (development). */
  diagnostics: v.optional(
    v.strictObject({
      roles: v.optional(v.array(v.pipe(v.string(), v.minLength(1))), ['admin']),
      public: v.optional(v.boolean(), false),
    }),
    { roles: ['admin'], public: false },
  ),
  /**
   * Preview links (`?mfe-preview=<id>`, printed by `mfe-release preview`): the host reads the
   * preview's manifest from `<manifestBase><id>.json` in the release store, and nowhere else. Off
   * when absent.
   */
  previews: v.optional(
    v.strictObject({
      manifestBase: v.pipe(
        httpUrl(
          'must be the URL under which the release store serves previews, e.g. "https://remotes.example.com/_preview/"',
        ),
        v.endsWith('/', 'must end with "/"'),
      ),
    }),
  ),
});

/**
 * The part of a runtime config that says which remotes a host accepts (`allowedRemoteOrigins`,
 * `requireIntegrity`), parsed by the same field rules and defaults as the whole: what tools that
 * check a manifest for a host read, from its deployed `config.json` or a file that holds only these.
 */
const HostRemotePolicySchema = v.pick(v.looseObject(RuntimeConfigFields.entries), [
  'allowedRemoteOrigins',
  'requireIntegrity',
]);
export type HostRemotePolicy = Pick<ParsedRuntimeConfig, 'allowedRemoteOrigins' | 'requireIntegrity'>;

/** Reads a host's remote policy from its runtime config; throws one message naming every bad field. */
export function readHostRemotePolicy(input: unknown, where: string): HostRemotePolicy {
  const result = v.safeParse(HostRemotePolicySchema, input);
  if (result.success)
    return {
      allowedRemoteOrigins: result.output.allowedRemoteOrigins,
      requireIntegrity: result.output.requireIntegrity,
    };
  throw new Error(`${where} is not a valid runtime config: ${problemLines(result.issues).join('; ')}.`);
}

export const RuntimeConfigSchema = v.pipe(
  RuntimeConfigFields,
  // A preview's manifest is remote content like any other: only from an allowed remote origin.
  v.forward(
    v.check(
      (config) =>
        !config.previews || config.allowedRemoteOrigins.includes(new URL(config.previews.manifestBase).origin),
      'must be on one of allowedRemoteOrigins',
    ),
    ['previews', 'manifestBase'],
  ),
);

export type RuntimeConfigInput = v.InferInput<typeof RuntimeConfigSchema>;
export type ParsedRuntimeConfig = v.InferOutput<typeof RuntimeConfigSchema>;
export type TelemetryAdapterConfig = v.InferOutput<typeof TelemetryAdapterSchema>;

export type RuntimeConfigResult =
  | { readonly ok: true; readonly config: ParsedRuntimeConfig }
  | { readonly ok: false; readonly problems: readonly string[] };

/** Validates a runtime config; on failure, one line per bad field (`"auth.authority" must be …`). */
export function validateRuntimeConfig(input: unknown): RuntimeConfigResult {
  const result = v.safeParse(RuntimeConfigSchema, input);
  if (result.success) return { ok: true, config: result.output };
  return { ok: false, problems: problemLines(result.issues) };
}

function problemLines(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.map((issue) => {
    const path = v.getDotPath(issue);
    return path ? `"${path}" ${issue.message}` : issue.message;
  });
}

/** Origins the page talks to for telemetry and tags: the CSP allows exactly these. */
export function telemetryOrigins(config: ParsedRuntimeConfig): {
  readonly connect: string[];
  readonly script: string[];
  readonly img: string[];
} {
  const connect: string[] = [];
  for (const adapter of config.telemetry.adapters) {
    if (adapter.type === 'collector') {
      connect.push(new URL(adapter.endpoint).origin);
      if (adapter.tracesEndpoint) connect.push(new URL(adapter.tracesEndpoint).origin);
    }
    if (adapter.type === 'sentry') connect.push(new URL(adapter.dsn).origin);
  }
  const tag = config.tagLoader;
  const tagOrigins = tag ? [new URL(tag.src).origin, ...tag.connectOrigins] : [];
  return { connect: [...connect, ...tagOrigins], script: tag ? [new URL(tag.src).origin] : [], img: tagOrigins };
}
