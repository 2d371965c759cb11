import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import { PlatformError } from '@mfe/context';

export type SignInErrorKind =
  'cancelled' | 'stale-response' | 'provider-unreachable' | 'provider-error' | 'untrusted-token';

/**
 * What went wrong with a sign-in, as data: the host says it in the page's language. `detail` is
 * text that has no translation (the provider's own words, a check's reason, a technical message).
 */
export type SignInFailure =
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'stale-response'; readonly cause: 'code-used' | 'other-tab' }
  | { readonly kind: 'provider-unreachable'; readonly detail?: string }
  | { readonly kind: 'untrusted-token'; readonly detail: string }
  | {
      readonly kind: 'provider-error';
      /** The provider's own error code and description, when it answered with one. */
      readonly error?: string;
      readonly description?: string;
      /** Otherwise, what failed. */
      readonly detail?: string;
    };

/** Turns whatever completing a sign-in threw into what went wrong. */
export function classifySignInError(error: unknown): SignInFailure {
  if (error instanceof PlatformError && error.code === 'AUTH_FAILED') {
    // The check that refused the answer says why, in the terms of the protocol (id-token.ts).
    return { kind: 'untrusted-token', detail: error.message };
  }
  if (error instanceof ErrorResponse) {
    if (error.error === 'access_denied') return { kind: 'cancelled' };
    if (error.error === 'invalid_grant') return { kind: 'stale-response', cause: 'code-used' };
    return {
      kind: 'provider-error',
      error: error.error ?? 'error',
      ...(error.error_description ? { description: error.error_description } : {}),
    };
  }
  const text = error instanceof Error ? error.message : String(error);
  if (/no matching state/i.test(text)) return { kind: 'stale-response', cause: 'other-tab' };
  if (error instanceof ErrorTimeout || error instanceof TypeError || /failed to fetch|network|timeout/i.test(text))
    return { kind: 'provider-unreachable' };
  return { kind: 'provider-error', detail: text };
}
