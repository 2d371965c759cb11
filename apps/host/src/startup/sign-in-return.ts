import type { AuthStartResult, LazySession } from '@mfe/auth';
import { shellMessages } from '../i18n/shell-messages';
import { inEnglish, say } from '../i18n/text';
import { describeSignInFailure } from '../layout/sign-in-problem';
import type { Fail } from './failure';

/**
 * On the sign-in return page (`/auth/callback`): the sign-in is finished before anything renders,
 * since the page it returns to depends on it. A failure is said with a way to sign in again, and
 * reported as what it is: a person who cancelled at the provider chose to (an event), anything else
 * is a `sign-in failed` error with its `SIGN_IN_<KIND>` code. Resolves whether it failed.
 */
export async function finishSignInReturn(
  started: Promise<AuthStartResult>,
  session: LazySession,
  fail: Fail,
): Promise<boolean> {
  const auth = await started;
  if (auth.kind !== 'callback-failed') return false;
  const problem = describeSignInFailure(auth.problem);
  const { kind } = auth.problem;
  fail(problem.title, new Error(inEnglish(problem.message)), {
    reported:
      kind === 'cancelled'
        ? { kind: 'event', name: 'sign-in cancelled' }
        : {
            kind: 'error',
            name: 'sign-in failed',
            error: {
              type: 'SignInFailure',
              message: inEnglish(problem.message),
              code: `SIGN_IN_${kind.toUpperCase().replace(/-/g, '_')}`,
            },
          },
    message: problem.message,
    action: say(shellMessages.signInAgain),
    onAction: () => void session.signIn('/').catch((error) => fail(say(shellMessages.signInUnavailable), error)),
  });
  return true;
}
