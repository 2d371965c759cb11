import { fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { createTestHost } from '@mfe/context/testing';
import { ReferralsApp } from './ReferralsApp';

test('the overview greets the user and navigates to the invite page relative to its mount point', () => {
  const host = createTestHost({ basePath: '/referrals' });
  render(
    <MemoryRouter>
      <ReferralsApp />
    </MemoryRouter>,
    { wrapper: host.wrapper },
  );
  expect(screen.getByTestId('referrals-overview').textContent).toContain('Hello Test User');
  fireEvent.click(screen.getByRole('button', { name: 'Invite someone' }));
  expect(host.calls).toEqual([
    { method: 'track', args: ['referrals.invite_opened', undefined] },
    { method: 'navigate', args: ['/invite', undefined] },
  ]);
});

test('the invite route renders its placeholder', async () => {
  const host = createTestHost();
  render(
    <MemoryRouter initialEntries={['/invite']}>
      <Suspense fallback="loading">
        <ReferralsApp />
      </Suspense>
    </MemoryRouter>,
    { wrapper: host.wrapper },
  );
  expect(await screen.findByTestId('referrals-invite')).toBeTruthy();
});
