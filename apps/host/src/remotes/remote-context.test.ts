import { createConsentStore, createEventBus, createIntl, fixedIntl } from '@mfe/context';
import { parseRuntimeConfig, type HostConfig } from '../config';
import type { RemoteEntry } from '../manifest';
import { createRemoteContext } from './remote-context';

test('the context a remote gets carries its mount point and no host-only settings', () => {
  const navigate = jest.fn();
  const config: HostConfig = parseRuntimeConfig({
    productName: 'Acme',
    auth: { authority: 'https://idp.example', clientId: 'web', scopes: 'openid', rolesClaim: 'roles' },
  });
  const remote: RemoteEntry = {
    name: 'referrals',
    entry: 'https://cdn.example/mf-manifest.json',
    path: '/referrals',
    label: 'Referrals',
    order: 1,
    requiresAuth: true,
    timeoutMs: 10_000,
  };
  const auth = {
    getAccessToken: jest.fn(),
    signIn: jest.fn(),
    signOut: jest.fn(),
    hasRole: jest.fn(() => true),
    hasScope: jest.fn(() => false),
  };
  const api = { fetch: jest.fn(), json: jest.fn() };
  const consent = createConsentStore();
  const setTitle = jest.fn();
  const context = createRemoteContext({
    remote,
    user: null,
    auth,
    api,
    config,
    navigate,
    events: createEventBus(),
    consent,
    intl: fixedIntl(createIntl({ locale: 'en', defaultLocale: 'en' })),
    setTitle,
  });
  context.remote.navigate('/invite', { replace: true });
  expect(navigate).toHaveBeenCalledWith('/referrals/invite', { replace: true });
  context.remote.navigate('../../account');
  expect(navigate).toHaveBeenLastCalledWith('/referrals/account', undefined);
  context.remote.setTitle('Invite a friend');
  expect(setTitle).toHaveBeenCalledWith('Invite a friend');
  expect(context.remote.basePath).toBe('/referrals');
  expect(context.config).not.toHaveProperty('manifestUrl');
  void context.auth.signIn('/x');
  expect(auth.signIn).toHaveBeenCalledWith('/x');
  expect(context.auth.hasRole('admin')).toBe(true);
  expect(context.api).toBe(api);
  expect(context.config).not.toHaveProperty('allowedRemoteOrigins');
  expect(context.config).not.toHaveProperty('telemetry');
  expect(context.config).not.toHaveProperty('diagnostics');
  expect(context.consent).toBe(consent);
});
