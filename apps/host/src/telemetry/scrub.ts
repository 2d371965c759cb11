/**
 * Removes what must never leave the page in telemetry: tokens (JWTs whole or
 * in part, bearer credentials, anything under a secret-sounding key),
 * authorization codes and `state`, query strings (except parameters the config
 * allows), URL fragments and credentials, and e-mail addresses. The hub applies
 * it to every field of every record, whatever its source, before any adapter
 * sees it; structured values are scrubbed while still structured, so a value
 * under a secret-sounding key is removed before anything is turned into text.
 *
 * Secrets are removed before any cut to length, never after: a cut that lands
 * inside a word (a run of token characters) drops that whole word, so no
 * readable fragment of a token can survive at the end of a cut text.
 */
const REDACTED = '[redacted]';
/** A JWT, or any fragment of one: base64url of a JSON object always starts `eyJ`. */
const JWT = /\beyJ[\w-]{6,}(?:\.[\w-]*){0,2}/g;
const BEARER = /\b(Bearer|Basic|DPoP)\s+[\w\-.~+/=]+/gi;
// Bounded parts (RFC 5321's 64-character local part, 63-character labels): unbounded ones are quadratic on long words.
const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,8}/g;
const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>)]+/g;
const SECRET_NAMES =
  'code|state|session_state|id_token|access_token|refresh_token|token|password|passwd|client_secret|secret|nonce|code_verifier|api[-_]?key|authorization|cookie';
/** `code=…`, `state=…`, `access_token=…` and the like outside a parseable URL (in messages, paths). */
const SECRET_PAIR = new RegExp(`\\b(${SECRET_NAMES})=[^&\\s#"']+`, 'gi');
/** `"password": "…"` and the like: JSON that was turned into text before it reached the page's telemetry. */
const SECRET_JSON_PAIR = new RegExp(`("(?:${SECRET_NAMES})"\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*"|[^\\s,}\\]]+)`, 'gi');
const SECRET_KEY =
  /(token|secret|password|passwd|authorization|cookie|credential|api[-_]?key|session|^code$|^state$|^nonce$|verifier)/i;
/** What a cut must not split: a run of these could be (part of) a token, an address or a credential. */
const WORD_CHAR = /[\w\-.~+/=%@:]/;

const MAX_DEPTH = 6;
/** The longest text a record field keeps. */
export const MAX_STRING = 4_000;
/** The longest text the scrubber reads at all: a bound on its work for hostile input, cut safely first. */
const MAX_INPUT = 32_000;

/**
 * `text` cut to `max` characters, never inside a word: if the cut would split
 * one, the whole word goes (a fragment of a token is still a secret).
 */
export function cutSafely(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  if (WORD_CHAR.test(text[max]!)) while (end > 0 && WORD_CHAR.test(text[end - 1]!)) end -= 1;
  return `${text.slice(0, end)}…`;
}

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
  let text = cutSafely(String(value), MAX_INPUT);
  if (urls) text = text.replace(URL_IN_TEXT, (url) => scrubUrl(url, allowedParams));
  text = text.replace(JWT, REDACTED).replace(BEARER, `$1 ${REDACTED}`).replace(EMAIL, '[email]');
  if (pairs) text = text.replace(SECRET_PAIR, `$1=${REDACTED}`).replace(SECRET_JSON_PAIR, `$1"${REDACTED}"`);
  return cutSafely(text, MAX_STRING);
}

/** Scrubs any JSON-like value: strings as text, values under secret-sounding keys replaced whole. */
export function scrubValue(value: unknown, allowedParams: readonly string[] = [], depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value, allowedParams);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (depth >= MAX_DEPTH) return '[truncated]';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => scrubValue(item, allowedParams, depth + 1));
  if (value instanceof Error)
    return {
      name: scrubText(String(value.name), allowedParams),
      message: scrubText(String(value.message), allowedParams),
    };
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>).slice(0, 100)) {
      out[scrubText(key, allowedParams)] = SECRET_KEY.test(key) ? REDACTED : scrubValue(item, allowedParams, depth + 1);
    }
    return out;
  }
  // Functions, symbols, bigints: nothing worth reporting.
  return undefined;
}
