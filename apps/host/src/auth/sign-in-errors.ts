import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import { PlatformError } from '@mfe/context';
import { shellMessages } from '../i18n/shell-messages';
import { raw, say, type Text } from '../i18n/text';

export type SignInErrorKind =
  'cancelled' | 'stale-response' | 'provider-unreachable' | 'provider-error' | 'untrusted-token';

/** What went wrong with a sign-in and what to do, to be said in the page's language (`textIn`). */
export interface SignInProblem {
  readonly kind: SignInErrorKind;
  readonly title: Text;
  readonly message: Text;
}

const notCompleted = say(shellMessages.signInNotCompleted);

/** Turns whatever completing a sign-in threw into a message that says what happened and what to do. */
export function describeSignInError(error: unknown): SignInProblem {
  if (error instanceof PlatformError && error.code === 'AUTH_FAILED') {
    // The check that refused the answer says why, in the terms of the protocol (auth/id-token.ts).
    return { kind: 'untrusted-token', title: notCompleted, message: raw(error.message) };
  }
  if (error instanceof ErrorResponse) {
    if (error.error === 'access_denied')
      return {
        kind: 'cancelled',
        title: say(shellMessages.signInCancelled),
        message: say(shellMessages.signInCancelledText),
      };
    if (error.error === 'invalid_grant')
      return { kind: 'stale-response', title: notCompleted, message: say(shellMessages.signInCodeUsed) };
    // The provider's own code and description are its words, not ours to translate.
    return {
      kind: 'provider-error',
      title: notCompleted,
      message: say(shellMessages.signInProviderAnswered, {
        error: error.error ?? 'error',
        description: error.error_description ? `: ${error.error_description}` : '',
      }),
    };
  }
  const text = error instanceof Error ? error.message : String(error);
  if (/no matching state/i.test(text))
    return { kind: 'stale-response', title: notCompleted, message: say(shellMessages.signInOtherTab) };
  if (error instanceof ErrorTimeout || error instanceof TypeError || /failed to fetch|network|timeout/i.test(text)) {
    return {
      kind: 'provider-unreachable',
      title: say(shellMessages.signInUnreachable),
      message: say(shellMessages.signInUnreachableText),
    };
  }
  return {
    kind: 'provider-error',
    title: notCompleted,
    message: say(shellMessages.signInFailedWith, { detail: /[.!?]$/.test(text) ? text : `${text}.` }),
  };
}
