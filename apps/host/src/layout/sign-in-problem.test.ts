import { createIntl } from '@mfe/context';
import type { SignInFailure } from '@mfe/auth';
import de from '../i18n/locales/de.json';
import { inEnglish, textIn } from '../i18n/text';
import { describeSignInFailure } from './sign-in-problem';

test.each<[string, SignInFailure, RegExp]>([
  ['a cancelled sign-in', { kind: 'cancelled' }, /whenever you like/i],
  ['a reused code', { kind: 'stale-response', cause: 'code-used' }, /sign in again/i],
  ['an answer meant for another tab', { kind: 'stale-response', cause: 'other-tab' }, /sign in again/i],
  ['an unreachable provider', { kind: 'provider-unreachable' }, /.+/],
  ['an untrusted token', { kind: 'untrusted-token', detail: 'issuer is wrong' }, /^issuer is wrong$/],
  ['any other failure', { kind: 'provider-error', detail: 'disk full' }, /disk full\./],
])('%s says what happened and what to do', (_label, failure, says) => {
  expect(inEnglish(describeSignInFailure(failure).message)).toMatch(says);
});

test("the visitor reads it in the page's language; the provider's own words stay as they are", () => {
  const german = createIntl({ locale: 'de', defaultLocale: 'en', messages: de });
  expect(textIn(german, describeSignInFailure({ kind: 'cancelled' }).title)).toBe(de['signIn.cancelled']);
  const other = describeSignInFailure({ kind: 'provider-error', error: 'server_error', description: 'boom' });
  expect(inEnglish(other.message)).toBe(
    'The sign-in provider answered "server_error": boom. Sign in again; if it keeps happening, contact support.',
  );
  expect(textIn(german, other.message)).toContain('server_error“: boom');
});
