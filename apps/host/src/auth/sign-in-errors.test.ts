import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import { PlatformError } from '@mfe/context';
import { describeSignInError } from './sign-in-errors';

test.each([
  ['access_denied from the provider', new ErrorResponse({ error: 'access_denied' }), 'cancelled'],
  ['a reused code', new ErrorResponse({ error: 'invalid_grant' }), 'stale-response'],
  ['an unknown state', new Error('No matching state found in storage'), 'stale-response'],
  ['a network failure', new TypeError('Failed to fetch'), 'provider-unreachable'],
  ['a timeout', new ErrorTimeout('timed out'), 'provider-unreachable'],
  ['an untrusted token', new PlatformError('AUTH_FAILED', 'issuer is wrong'), 'untrusted-token'],
  ['any other provider error', new ErrorResponse({ error: 'server_error', error_description: 'boom' }), 'provider-error'],
])('%s is reported as %s', (_label, error, kind) => {
  const problem = describeSignInError(error);
  expect(problem.kind).toBe(kind);
  expect(problem.message).toMatch(/sign in again|whenever you like|\(issuer is wrong\)|issuer is wrong/i);
});
