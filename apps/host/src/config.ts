import { PlatformError, type RuntimeConfig } from '@mfe/context';
import { RUNTIME_FILES, validateRuntimeConfig, type ParsedRuntimeConfig } from '@mfe/manifest';
import { fetchRuntimeJson } from './fetch-json';

/**
 * Runtime configuration, fetched from `/config.json` at start-up so one
 * build can run against any environment and any OpenID provider. Its schema
 * lives in `@mfe/manifest` (shared with the release command and the stack).
 */
export type HostConfig = RuntimeConfig & ParsedRuntimeConfig;

export function parseRuntimeConfig(input: unknown): HostConfig {
  const result = validateRuntimeConfig(input);
  if (!result.ok) {
    throw new PlatformError(
      'CONFIG_INVALID',
      `The runtime config (config.json) is invalid: ${result.problems.join('; ')}. Fix the file where the host is deployed; no rebuild is needed.`,
    );
  }
  return result.config;
}

export async function loadRuntimeConfig(
  url: string = RUNTIME_FILES.config,
  fetchImpl: typeof fetch = fetch,
): Promise<HostConfig> {
  const body = await fetchRuntimeJson(
    url,
    'runtime config',
    'CONFIG_INVALID',
    'Check that it is deployed next to the host, then reload.',
    fetchImpl,
  );
  return parseRuntimeConfig(body);
}
