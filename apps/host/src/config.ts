import * as v from 'valibot';
import { PlatformError, type RuntimeConfig } from '@mfe/context';
import { fetchRuntimeJson } from './fetch-json';
import { describeIssues } from '@mfe/manifest';

/**
 * Runtime configuration, fetched from `/config.json` at start-up so one
 * build can run against any environment and any OpenID provider.
 */
const AuthSchema = v.object({
  authority: v.pipe(v.string(), v.url('must be the provider\'s issuer URL, e.g. "https://login.example.com/realms/acme"')),
  clientId: v.pipe(v.string(), v.minLength(1, 'must name the public client registered for this host')),
  scopes: v.optional(v.pipe(v.string(), v.includes('openid', 'must include "openid"')), 'openid profile email'),
  rolesClaim: v.optional(v.pipe(v.string(), v.minLength(1)), 'roles'),
});

export const RuntimeConfigSchema = v.object({
  productName: v.pipe(v.string(), v.minLength(1, 'must be the name shown in the header')),
  auth: AuthSchema,
  manifestUrl: v.optional(v.pipe(v.string(), v.minLength(1)), '/remotes.json'),
  /** Origins remotes may be loaded from, besides the host's own. Anything else is refused before any request. */
  allowedRemoteOrigins: v.optional(
    v.array(v.pipe(v.string(), v.url('must be an origin such as "https://cdn.example.com"'), v.check(isOrigin, 'must be an origin only ("https://cdn.example.com", no path or trailing "/")'))),
    [],
  ),
  /** Origins of the product's APIs: the `api` client attaches the access token to these only. */
  apiOrigins: v.optional(v.array(v.pipe(v.string(), v.check(isOrigin, 'must be an origin only ("https://api.example.com", no path or trailing "/")'))), []),
  features: v.optional(v.record(v.string(), v.record(v.string(), v.unknown())), {}),
  /**
   * Developer overrides: point this host, for one browser session, at another build of a remote
   * (a local or preview build). Off unless enabled; only to these origins (`:*` = any port).
   */
  overrides: v.optional(
    v.object({
      enabled: v.boolean(),
      allowedOrigins: v.optional(
        v.array(v.pipe(v.string(), v.regex(/^https?:\/\/[a-z0-9.-]+(?::(?:\d+|\*))?$/, 'must be an origin such as "http://localhost:*" or "https://preview.example.com"'))),
        ['http://localhost:*', 'http://127.0.0.1:*'],
      ),
    }),
    { enabled: false, allowedOrigins: [] },
  ),
});

function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}

export type HostConfig = RuntimeConfig & {
  readonly manifestUrl: string;
  readonly allowedRemoteOrigins: readonly string[];
  readonly overrides?: { readonly enabled: boolean; readonly allowedOrigins: readonly string[] };
};

export function parseRuntimeConfig(input: unknown): HostConfig {
  const result = v.safeParse(RuntimeConfigSchema, input);
  if (!result.success) {
    throw new PlatformError('CONFIG_INVALID', `The runtime config (config.json) is invalid: ${describeIssues(result.issues)}. Fix the file where the host is deployed; no rebuild is needed.`);
  }
  return result.output;
}

export async function loadRuntimeConfig(url = '/config.json', fetchImpl: typeof fetch = fetch): Promise<HostConfig> {
  const body = await fetchRuntimeJson(url, 'runtime config', 'CONFIG_INVALID', 'Check that it is deployed next to the host, then reload.', fetchImpl);
  return parseRuntimeConfig(body);
}
