/**
 * Removes what must never leave the page in telemetry: tokens (JWTs, bearer
 * credentials, anything under a secret-sounding key), authorization codes and
 * `state`, query strings (except parameters the config allows), URL fragments
 * and credentials, and e-mail addresses. Applied to every record, whatever
 * its source, before any adapter sees it.
 */
const REDACTED = '[redacted]';
const JWT = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g;
const BEARER = /\b(Bearer|Basic|DPoP)\s+[\w\-.~+/=]+/gi;
const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>)]+/g;
/** `code=…`, `state=…`, `access_token=…` and the like outside a parseable URL (in messages, paths). */
const SECRET_PAIR = /\b(code|state|session_state|id_token|access_token|refresh_token|token|password|client_secret|nonce|code_verifier)=[^&\s#"']+/gi;
const SECRET_KEY = /(token|secret|password|passwd|authorization|cookie|credential|api[-_]?key|session|^code$|^state$|^nonce$|verifier)/i;

const MAX_DEPTH = 6;
const MAX_STRING = 4_000;

/** A URL with its credentials, fragment and every query parameter not in `allowedParams` removed. */
export function scrubUrl(value: string, allowedParams: readonly string[] = []): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return scrubText(value, allowedParams, false);
  }
  url.username = '';
  url.password = '';
  url.hash = '';
  for (const name of [...url.searchParams.keys()]) {
    if (!allowedParams.includes(name)) url.searchParams.delete(name);
  }
  for (const [name, param] of url.searchParams) url.searchParams.set(name, scrubText(param, [], false));
  return scrubText(url.href, [], false, false);
}

/** A route or path as reported: no query string or fragment unless allowed. */
export function scrubPath(pathWithQuery: string, allowedParams: readonly string[] = []): string {
  const url = new URL(pathWithQuery, 'http://route.invalid');
  return scrubUrl(url.href, allowedParams).replace(/^http:\/\/route\.invalid/, '');
}

export function scrubText(value: string, allowedParams: readonly string[] = [], urls = true, pairs = true): string {
  let text = value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (urls) text = text.replace(URL_IN_TEXT, (url) => scrubUrl(url, allowedParams));
  text = text.replace(JWT, REDACTED).replace(BEARER, `$1 ${REDACTED}`).replace(EMAIL, '[email]');
  if (pairs) text = text.replace(SECRET_PAIR, `$1=${REDACTED}`);
  return text;
}

/** Scrubs any JSON-like value: strings as text, values under secret-sounding keys replaced whole. */
export function scrubValue(value: unknown, allowedParams: readonly string[] = [], depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value, allowedParams);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (depth >= MAX_DEPTH) return '[truncated]';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => scrubValue(item, allowedParams, depth + 1));
  if (value instanceof Error) return { name: value.name, message: scrubText(value.message, allowedParams) };
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>).slice(0, 100)) {
      out[key] = SECRET_KEY.test(key) ? REDACTED : scrubValue(item, allowedParams, depth + 1);
    }
    return out;
  }
  // Functions, symbols, bigints: nothing worth reporting.
  return undefined;
}
