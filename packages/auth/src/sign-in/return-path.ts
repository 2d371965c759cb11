/**
 * Turns an untrusted "where to go after sign-in" value into a same-origin
 * path, or `fallback` when it is anything else. Only a path that the
 * browser resolves to this exact origin survives: protocol-relative
 * (`//evil`), backslash tricks (`/\evil`), schemes (`javascript:`), encoded
 * or control-character variants are all refused.
 */
// Control characters are exactly what this check is for.
/* eslint-disable no-control-regex */
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;
const CONTROL = /[\u0000-\u001f\u007f]/;
/* eslint-enable no-control-regex */

export function safeReturnPath(candidate: unknown, origin: string, fallback = '/'): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2048) return fallback;
  // Must start with exactly one "/" followed by something that is not "/" or "\".
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return fallback;
  // Browsers strip tabs/newlines and treat "\" as "/", so refuse them outright.
  if (CONTROL_OR_BACKSLASH.test(candidate)) return fallback;
  let decoded = candidate;
  try {
    // Refuse paths whose decoded form would become protocol-relative or hide controls.
    for (let i = 0; i < 3; i += 1) {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    }
  } catch {
    return fallback;
  }
  if (decoded.startsWith('//') || decoded.startsWith('/\\') || CONTROL.test(decoded)) return fallback;
  let url: URL;
  try {
    url = new URL(candidate, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
