import { loadManifest } from './manifest';

const policy = { allowedOrigins: ['https://cdn.example.com'] };

test('a manifest that cannot be fetched fails with MANIFEST_UNAVAILABLE', async () => {
  const fetchImpl = jest.fn().mockResolvedValue({ ok: false, status: 503, json: async () => ({}) });
  await expect(loadManifest('/remotes.json', policy, fetchImpl)).rejects.toMatchObject({
    code: 'MANIFEST_UNAVAILABLE',
    message: expect.stringMatching(/HTTP 503/),
  });
});

test('a manifest that is not JSON fails with MANIFEST_UNAVAILABLE', async () => {
  const fetchImpl = jest.fn().mockResolvedValue({ ok: true, status: 200, json: async () => JSON.parse('<html>') });
  await expect(loadManifest('/remotes.json', policy, fetchImpl)).rejects.toMatchObject({
    code: 'MANIFEST_UNAVAILABLE',
  });
});
