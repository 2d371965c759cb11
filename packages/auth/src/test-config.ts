import { validateRuntimeConfig } from '@mfe/manifest';

/** For unit tests: a runtime config as the host parses it (its schema, its defaults). */
export const TEST_CONFIG = (() => {
  const result = validateRuntimeConfig({
    productName: 'Acme',
    auth: { authority: 'https://idp.example', clientId: 'web', scopes: 'openid', rolesClaim: 'roles' },
  });
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.config;
})();
