import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import { PlatformError } from '@mfe/context';
import { classifySignInError } from './sign-in-failure';

test.each([
  ['access_denied from the provider', new ErrorResponse({ error: 'access_denied' }), { kind: 'cancelled' }],
  ['a reused code', new ErrorResponse({ error: 'invalid_grant' }), { kind: 'stale-response', cause: 'code-used' }],
  ['an unknown state', new Error('No matching state found in storage'), { kind: 'stale-response', cause: 'other-tab' }],
  ['a network failure', new TypeError('Failed to fetch'), { kind: 'provider-unreachable' }],
  ['a timeout', new ErrorTimeout('timed out'), { kind: 'provider-unreachable' }],
  [
    'an untrusted token',
    new PlatformError('AUTH_FAILED', 'issuer is wrong'),
    { kind: 'untrusted-token', detail: 'issuer is wrong' },
  ],
  [
    'any other provider error',
    new ErrorResponse({ error: 'server_error', error_description: 'boom' }),
    { kind: 'provider-error', error: 'server_error', description: 'boom' },
  ],
  ['anything else', new Error('disk full'), { kind: 'provider-error', detail: 'disk full' }],
])('%s is classified as what it is', (_label, error, failure) => {
  expect(classifySignInError(error)).toEqual(failure);
});
