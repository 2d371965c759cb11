import type { SignInFailure } from '@mfe/auth';
import { shellMessages } from '../i18n/shell-messages';
import { raw, say, type Text } from '../i18n/text';

/** What went wrong with a sign-in and what to do, to be said in the page's language (`textIn`). */
export interface SignInProblem {
  readonly title: Text;
  readonly message: Text;
}

const notCompleted = say(shellMessages.signInNotCompleted);

/** The shell's words for a failed sign-in (@mfe/auth says what failed; the provider's own words stay as they are). */
export function describeSignInFailure(failure: SignInFailure): SignInProblem {
  switch (failure.kind) {
    case 'untrusted-token':
      return { title: notCompleted, message: raw(failure.detail) };
    case 'cancelled':
      return { title: say(shellMessages.signInCancelled), message: say(shellMessages.signInCancelledText) };
    case 'stale-response':
      return {
        title: notCompleted,
        message: say(failure.cause === 'code-used' ? shellMessages.signInCodeUsed : shellMessages.signInOtherTab),
      };
    case 'provider-unreachable':
      return failure.detail
        ? { title: notCompleted, message: raw(failure.detail) }
        : { title: say(shellMessages.signInUnreachable), message: say(shellMessages.signInUnreachableText) };
    case 'provider-error': {
      if (failure.error !== undefined)
        return {
          title: notCompleted,
          message: say(shellMessages.signInProviderAnswered, {
            error: failure.error,
            description: failure.description ? `: ${failure.description}` : '',
          }),
        };
      const text = failure.detail ?? '';
      return {
        title: notCompleted,
        message: say(shellMessages.signInFailedWith, { detail: /[.!?]$/.test(text) ? text : `${text}.` }),
      };
    }
  }
}
