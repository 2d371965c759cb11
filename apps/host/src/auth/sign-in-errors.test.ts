import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import { createIntl, PlatformError } from '@mfe/context';
import de from '../i18n/locales/de.json';
import { inEnglish, textIn } from '../i18n/text';
import { describeSignInError } from './sign-in-errors';

test.each([
  ['access_denied from the provider', new ErrorResponse({ error: 'access_denied' }), 'cancelled'],
  ['a reused code', new ErrorResponse({ error: 'invalid_grant' }), 'stale-response'],
  ['an unknown state', new Error('No matching state found in storage'), 'stale-response'],
  ['a network failure', new TypeError('Failed to fetch'), 'provider-unreachable'],
  ['a timeout', new ErrorTimeout('timed out'), 'provider-unreachable'],
  ['an untrusted token', new PlatformError('AUTH_FAILED', 'issuer is wrong'), 'untrusted-token'],
  [
    'any other provider error',
    new ErrorResponse({ error: 'server_error', error_description: 'boom' }),
    'provider-error',
  ],
])('%s is reported as %s', (_label, error, kind) => {
  const problem = describeSignInError(error);
  expect(problem.kind).toBe(kind);
  expect(inEnglish(problem.message)).toMatch(/sign in again|whenever you like|\(issuer is wrong\)|issuer is wrong/i);
});

test("the visitor reads it in the page's language; the provider's own words stay as they are", () => {
  const german = createIntl({ locale: 'de', defaultLocale: 'en', messages: de });
  const cancelled = describeSignInError(new ErrorResponse({ error: 'access_denied' }));
  expect(textIn(german, cancelled.title)).toBe(de['signIn.cancelled']);
  const other = describeSignInError(new ErrorResponse({ error: 'server_error', error_description: 'boom' }));
  expect(inEnglish(other.message)).toBe(
    'The sign-in provider answered "server_error": boom. Sign in again; if it keeps happening, contact support.',
  );
  expect(textIn(german, other.message)).toContain('server_error“: boom');
});
