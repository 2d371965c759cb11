import { chooseDpop } from './dpop-choice';

test('auto: on where the provider advertises ES256 proofs, off where it does not, with the reason', async () => {
  await expect(
    chooseDpop('auto', async () => ({ dpop_signing_alg_values_supported: ['ES256', 'EdDSA'] })),
  ).resolves.toMatchObject({ dpop: true, reason: expect.stringContaining('advertises DPoP proofs with ES256') });
  await expect(chooseDpop('auto', async () => ({}))).resolves.toMatchObject({
    dpop: false,
    reason: expect.stringContaining('does not advertise DPoP'),
  });
  await expect(
    chooseDpop('auto', async () => ({ dpop_signing_alg_values_supported: ['EdDSA'] })),
  ).resolves.toMatchObject({ dpop: false, reason: expect.stringContaining('only with EdDSA') });
  await expect(chooseDpop('auto', async () => Promise.reject(new Error('HTTP 503')))).resolves.toMatchObject({
    dpop: false,
    reason: expect.stringContaining('HTTP 503'),
  });
});

test('an explicit setting wins without asking the provider', async () => {
  const read = jest.fn(async () => ({ dpop_signing_alg_values_supported: ['ES256'] }));
  await expect(chooseDpop(false, read)).resolves.toMatchObject({
    dpop: false,
    reason: expect.stringContaining('auth.dpop is false'),
  });
  await expect(chooseDpop(true, read)).resolves.toMatchObject({ dpop: true });
  expect(read).not.toHaveBeenCalled();
});
