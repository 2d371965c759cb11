import { PlatformError, type PlatformErrorCode } from '@mfe/context';

/**
 * Fetches a runtime JSON document (config, manifest), always revalidated.
 * Any failure — network, HTTP status, not JSON — becomes one `PlatformError`
 * with `code` and a message that ends with `advice`.
 */
export async function fetchRuntimeJson(
  url: string,
  what: string,
  code: PlatformErrorCode,
  advice: string,
  fetchImpl: typeof fetch = fetch,
): Promise<unknown> {
  try {
    const response = await fetchImpl(url, { cache: 'no-cache' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return await response.json();
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new PlatformError(code, `The ${what} (${url}) could not be loaded (${reason}). ${advice}`, { cause });
  }
}
