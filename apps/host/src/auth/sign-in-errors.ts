import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import { PlatformError } from '@mfe/context';

export type SignInErrorKind = 'cancelled' | 'stale-response' | 'provider-unreachable' | 'provider-error' | 'untrusted-token';

export interface SignInProblem {
  readonly kind: SignInErrorKind;
  readonly title: string;
  readonly message: string;
}

/** Turns whatever completing a sign-in threw into a message that says what happened and what to do. */
export function describeSignInError(error: unknown): SignInProblem {
  if (error instanceof PlatformError && error.code === 'AUTH_FAILED') {
    return { kind: 'untrusted-token', title: 'Sign-in could not be completed', message: error.message };
  }
  if (error instanceof ErrorResponse) {
    if (error.error === 'access_denied') {
      return { kind: 'cancelled', title: 'Sign-in was cancelled', message: 'You cancelled signing in, or the provider refused access. You can sign in again whenever you like.' };
    }
    if (error.error === 'invalid_grant') {
      return { kind: 'stale-response', title: 'Sign-in could not be completed', message: 'The sign-in code was already used or has expired. Sign in again.' };
    }
    return {
      kind: 'provider-error',
      title: 'Sign-in could not be completed',
      message: `The sign-in provider answered "${error.error ?? 'error'}"${error.error_description ? `: ${error.error_description}` : ''}. Sign in again; if it keeps happening, contact support.`,
    };
  }
  const text = error instanceof Error ? error.message : String(error);
  if (/no matching state/i.test(text)) {
    return {
      kind: 'stale-response',
      title: 'Sign-in could not be completed',
      message: 'This sign-in response does not belong to a sign-in started in this browser tab (it may have been used already). Sign in again.',
    };
  }
  if (error instanceof ErrorTimeout || error instanceof TypeError || /failed to fetch|network|timeout/i.test(text)) {
    return { kind: 'provider-unreachable', title: 'The sign-in provider could not be reached', message: 'Check your connection and sign in again in a moment.' };
  }
  return { kind: 'provider-error', title: 'Sign-in could not be completed', message: `${text}. Sign in again.` };
}
