import { TEST_CONFIG } from '../test-config';
import { heldProvider } from '../test-provider';
import { createUserManager } from './client';

const DISCOVERY = {
  issuer: 'https://idp.example',
  authorization_endpoint: 'https://idp.example/auth',
  token_endpoint: 'https://idp.example/token',
  jwks_uri: 'https://idp.example/jwks',
};

/** The provider's discovery endpoint: answers in order, each once `release` is called. */
function provider(answers: Array<'ok' | 'down'>) {
  return heldProvider(() => {
    if (answers.shift() === 'down') throw new TypeError('Failed to fetch');
    return {
      ok: true,
      status: 200,
      headers: { get: () => 'application/json' },
      json: async () => DISCOVERY,
    } as unknown as Response;
  });
}

test('callers asking for the discovery document at once share one request to the provider', async () => {
  const idp = provider(['ok']);
  const manager = createUserManager(TEST_CONFIG);
  const first = manager.metadataService.getMetadata();
  const second = manager.metadataService.getAuthorizationEndpoint();
  idp.release();
  await expect(first).resolves.toMatchObject({ issuer: DISCOVERY.issuer });
  await expect(second).resolves.toBe(DISCOVERY.authorization_endpoint);
  await expect(manager.metadataService.getKeysEndpoint()).resolves.toBe(DISCOVERY.jwks_uri);
  expect(idp.requests).toEqual(['https://idp.example/.well-known/openid-configuration']);
});

test('a discovery request that failed is made again by the next caller', async () => {
  const idp = provider(['down', 'ok']);
  const manager = createUserManager(TEST_CONFIG);
  const both = [manager.metadataService.getMetadata(), manager.metadataService.getTokenEndpoint()];
  idp.release();
  for (const caller of both) await expect(caller).rejects.toThrow('Failed to fetch');
  await expect(manager.metadataService.getTokenEndpoint()).resolves.toBe(DISCOVERY.token_endpoint);
  expect(idp.requests).toHaveLength(2);
});
