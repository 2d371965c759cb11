import { render, renderHook, screen } from '@testing-library/react';
import { isPlatformError } from './errors';
import { HostProvider, useHost, useRemote, useUser } from './provider';
import { createTestHost } from './testing';

test('useHost outside a HostProvider throws CONTEXT_MISSING with a message that says what to do', () => {
  const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  let caught: unknown;
  try {
    renderHook(() => useHost());
  } catch (error) {
    caught = error;
  }
  spy.mockRestore();
  expect(isPlatformError(caught, 'CONTEXT_MISSING')).toBe(true);
  expect((caught as Error).message).toMatch(/createTestHost/);
});

test('hooks read the value given by the nearest HostProvider', () => {
  const host = createTestHost({ basePath: '/referrals' });
  function Probe() {
    const user = useUser();
    const remote = useRemote();
    return (
      <p>
        {user?.name} at {remote.basePath}
      </p>
    );
  }
  render(
    <HostProvider value={host.context}>
      <Probe />
    </HostProvider>,
  );
  expect(screen.getByText('Test User at /referrals')).toBeTruthy();
});

test('a signed-out test host rejects getAccessToken with AUTH_REQUIRED', async () => {
  const host = createTestHost({ user: null });
  await expect(host.context.auth.getAccessToken()).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
  expect(host.calls).toEqual([{ method: 'getAccessToken', args: [] }]);
});
