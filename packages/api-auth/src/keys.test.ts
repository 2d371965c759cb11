/**
 * @jest-environment node
 */
import { providerKeys } from './keys';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const header = { alg: 'RS256', kid: 'k' };
const jwt = { payload: {}, signature: new Uint8Array(), protected: {} } as never;

describe('providerKeys', () => {
  it('refuses a discovery document that names another issuer, and tries again on the next request', async () => {
    const fetchImpl = jest.fn(async () =>
      json({ issuer: 'https://evil.example', jwks_uri: 'https://evil.example/jwks' }),
    );
    const keys = providerKeys('https://id.example.com', fetchImpl as unknown as typeof fetch);
    await expect(keys(header, jwt)).rejects.toThrow('is for issuer https://evil.example, not https://id.example.com');
    await expect(keys(header, jwt)).rejects.toThrow('not https://id.example.com');
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(fetchImpl).toHaveBeenCalledWith('https://id.example.com/.well-known/openid-configuration');
  });

  it('says which status the discovery document answered', async () => {
    const keys = providerKeys('https://id.example.com/', (async () => json({}, 503)) as unknown as typeof fetch);
    await expect(keys(header, jwt)).rejects.toThrow(
      '(https://id.example.com/.well-known/openid-configuration) answered 503',
    );
  });
});
