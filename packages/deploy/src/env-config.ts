import { validateRuntimeConfig, type RuntimeConfigResult } from '@mfe/manifest';

/**
 * The runtime config from environment variables, for deployments that
 * configure containers that way. One table maps each variable to a field; the
 * result is validated by the host's own schema, and every problem names the
 * variable to fix. Variables that are not set leave the field (of the base
 * config file, if any) as it is.
 */
type Kind = 'string' | 'list' | 'boolean' | 'boolean-or-auto' | 'json';

export interface EnvVariable {
  readonly name: string;
  /** Dot path in config.json. */
  readonly field: string;
  readonly kind: Kind;
  readonly description: string;
}

export const ENV_VARIABLES: readonly EnvVariable[] = [
  {
    name: 'MFE_PRODUCT_NAME',
    field: 'productName',
    kind: 'string',
    description: 'Name shown in the header and the page title.',
  },
  {
    name: 'MFE_AUTH_AUTHORITY',
    field: 'auth.authority',
    kind: 'string',
    description: "The OpenID provider's issuer URL.",
  },
  {
    name: 'MFE_AUTH_CLIENT_ID',
    field: 'auth.clientId',
    kind: 'string',
    description: 'The public client registered for the host.',
  },
  {
    name: 'MFE_AUTH_SCOPES',
    field: 'auth.scopes',
    kind: 'string',
    description: 'Scopes asked for, space-separated (must include openid).',
  },
  {
    name: 'MFE_AUTH_ROLES_CLAIM',
    field: 'auth.rolesClaim',
    kind: 'string',
    description: "Claim that holds the user's roles.",
  },
  {
    name: 'MFE_AUTH_RESOURCE',
    field: 'auth.resource',
    kind: 'string',
    description: 'The API the access tokens are for (RFC 8707 resource indicator), e.g. https://api.example.com.',
  },
  {
    name: 'MFE_AUTH_DPOP',
    field: 'auth.dpop',
    kind: 'boolean-or-auto',
    description:
      'auto (default): DPoP-bound tokens wherever the provider advertises them; true or false to decide regardless.',
  },
  {
    name: 'MFE_MANIFEST_URL',
    field: 'manifestUrl',
    kind: 'string',
    description: 'Where the runtime manifest is published.',
  },
  {
    name: 'MFE_PREVIEWS_MANIFEST_BASE',
    field: 'previews.manifestBase',
    kind: 'string',
    description:
      'Where the release store serves previews (<publicUrl>/_preview/, on an allowed remote origin); unset: preview links are off.',
  },
  {
    name: 'MFE_REQUIRE_INTEGRITY',
    field: 'requireIntegrity',
    kind: 'boolean',
    description: 'false: load manifest entries without integrity too (default true: refuse them).',
  },
  {
    name: 'MFE_ALLOWED_REMOTE_ORIGINS',
    field: 'allowedRemoteOrigins',
    kind: 'list',
    description: 'Origins remotes may load from (comma- or space-separated).',
  },
  { name: 'MFE_API_ORIGINS', field: 'apiOrigins', kind: 'list', description: 'Origins that receive the access token.' },
  {
    name: 'MFE_FEATURES_JSON',
    field: 'features',
    kind: 'json',
    description: 'Settings for feature areas, as JSON keyed by remote name.',
  },
  {
    name: 'MFE_I18N_DEFAULT_LOCALE',
    field: 'i18n.defaultLocale',
    kind: 'string',
    description: 'The language every default text is in (default en).',
  },
  {
    name: 'MFE_I18N_LOCALES',
    field: 'i18n.locales',
    kind: 'list',
    description: 'The languages the product ships, e.g. "en de ar" (default: the default locale alone).',
  },
  {
    name: 'MFE_TELEMETRY_CONSOLE',
    field: 'telemetry.adapters[console]',
    kind: 'boolean',
    description: 'true: report to the browser console (development).',
  },
  {
    name: 'MFE_TELEMETRY_COLLECTOR_ENDPOINT',
    field: 'telemetry.adapters[collector].endpoint',
    kind: 'string',
    description: 'OTLP/HTTP JSON logs endpoint of a collector.',
  },
  {
    name: 'MFE_TELEMETRY_COLLECTOR_TRACES_ENDPOINT',
    field: 'telemetry.adapters[collector].tracesEndpoint',
    kind: 'string',
    description: "OTLP/HTTP traces endpoint (protobuf) for the areas' load traces; none sent without it.",
  },
  {
    name: 'MFE_TELEMETRY_SENTRY_DSN',
    field: 'telemetry.adapters[sentry].dsn',
    kind: 'string',
    description: 'Error-reporting DSN (Sentry or compatible).',
  },
  {
    name: 'MFE_TELEMETRY_SENTRY_ENVIRONMENT',
    field: 'telemetry.adapters[sentry].environment',
    kind: 'string',
    description: 'Environment name sent with error reports.',
  },
  {
    name: 'MFE_TELEMETRY_ALLOWED_QUERY_PARAMS',
    field: 'telemetry.allowedQueryParams',
    kind: 'list',
    description: 'Query parameters kept in reported URLs.',
  },
  {
    name: 'MFE_CONSENT_BANNER',
    field: 'consent.banner',
    kind: 'boolean',
    description: 'false when an own consent platform sets consent.',
  },
  {
    name: 'MFE_TAG_LOADER_SRC',
    field: 'tagLoader.src',
    kind: 'string',
    description: 'Tag-loading script, loaded after marketing consent.',
  },
  {
    name: 'MFE_TAG_LOADER_CONNECT_ORIGINS',
    field: 'tagLoader.connectOrigins',
    kind: 'list',
    description: 'Origins the tags send to.',
  },
  {
    name: 'MFE_DIAGNOSTICS_ROLES',
    field: 'diagnostics.roles',
    kind: 'list',
    description: 'Roles that may open /diagnostics.',
  },
  {
    name: 'MFE_DIAGNOSTICS_PUBLIC',
    field: 'diagnostics.public',
    kind: 'boolean',
    description: 'true: /diagnostics for everyone (development only).',
  },
];

type Json = Record<string, unknown>;

function parseValue(variable: EnvVariable, raw: string): { value?: unknown; problem?: string } {
  switch (variable.kind) {
    case 'string':
      return { value: raw };
    case 'list':
      return { value: raw.split(/[\s,]+/).filter(Boolean) };
    case 'boolean':
      if (raw === 'true' || raw === 'false') return { value: raw === 'true' };
      return { problem: `${variable.name} must be "true" or "false", not ${JSON.stringify(raw)}.` };
    case 'boolean-or-auto':
      if (raw === 'true' || raw === 'false') return { value: raw === 'true' };
      if (raw === 'auto') return { value: 'auto' };
      return { problem: `${variable.name} must be "auto", "true" or "false", not ${JSON.stringify(raw)}.` };
    case 'json':
      try {
        return { value: JSON.parse(raw) };
      } catch (error) {
        return { problem: `${variable.name} is not valid JSON (${(error as Error).message}).` };
      }
  }
}

/** Puts `value` at a dot path; `adapters[type]` addresses the adapter of that type in a list, creating it. */
function assign(target: Json, field: string, value: unknown): void {
  const parts = field.split('.');
  let node: Json = target;
  for (const [index, part] of parts.entries()) {
    const last = index === parts.length - 1;
    const adapter = /^(\w+)\[(\w+)\]$/.exec(part);
    if (adapter) {
      const [, key, type] = adapter as unknown as [string, string, string];
      const list = ((node[key] as Json[] | undefined) ??= []);
      let item = list.find((entry) => entry.type === type);
      if (last) {
        // A boolean switch: true adds the adapter, false removes it.
        if (value === true && !item) list.push({ type });
        if (value === false && item) list.splice(list.indexOf(item), 1);
        return;
      }
      if (!item) list.push((item = { type }));
      node = item;
      continue;
    }
    if (last) node[part] = value;
    else node = (node[part] ??= {}) as Json;
  }
}

/** The variable that sets a config field, for messages ("auth.clientId" → MFE_AUTH_CLIENT_ID). */
function variableFor(path: string): EnvVariable | undefined {
  const normalised = path.replace(/^telemetry\.adapters\.\d+/, 'telemetry.adapters[*]');
  return ENV_VARIABLES.find(
    (variable) =>
      variable.field === path ||
      variable.field.replace(/\[\w+\]/, '[*]') === normalised ||
      (path.startsWith(`${variable.field}.`) && variable.kind !== 'string'),
  );
}

/**
 * Builds and validates the runtime config from `env` on top of `base`
 * (a config file's contents, or nothing). Problems name the variable.
 */
export function runtimeConfigFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  base: unknown = {},
): RuntimeConfigResult {
  const config = JSON.parse(JSON.stringify(base ?? {})) as Json;
  const problems: string[] = [];
  for (const variable of ENV_VARIABLES) {
    const raw = env[variable.name];
    if (raw === undefined || raw === '') continue;
    const { value, problem } = parseValue(variable, raw.trim());
    if (problem) problems.push(problem);
    else assign(config, variable.field, value);
  }
  if (problems.length > 0) return { ok: false, problems };
  const result = validateRuntimeConfig(config);
  if (result.ok) return result;
  return {
    ok: false,
    problems: result.problems.map((problem) => {
      const path = /^"([^"]+)"/.exec(problem)?.[1];
      const variable = path ? variableFor(path) : undefined;
      if (variable) return `${variable.name}: ${problem}`;
      const within = path
        ? ENV_VARIABLES.filter((candidate) => candidate.field.startsWith(`${path}.`) && !candidate.field.includes('['))
        : [];
      return within.length > 0 ? `${problem} (set ${within.map((candidate) => candidate.name).join(', ')})` : problem;
    }),
  };
}
