import { render, screen } from '@testing-library/react';
import { createTestHost } from '@mfe/context/testing';
import { ClaimsPage } from './ClaimsPage';

test('shows the signed-in user and every claim the host received', () => {
  const { wrapper } = createTestHost({
    user: {
      sub: 'u1',
      name: 'Ann',
      roles: ['admin'],
      claims: { sub: 'u1', email: 'ann@example.test', roles: ['admin'] },
    },
  });
  render(<ClaimsPage />, { wrapper });
  expect(screen.getByTestId('account-greeting').textContent).toBe('Signed in as Ann');
  expect(screen.getByRole('row', { name: /email/ }).textContent).toContain('ann@example.test');
  expect(screen.getByRole('row', { name: /roles/ }).textContent).toContain('["admin"]');
});

test('says so when nobody is signed in', () => {
  const { wrapper } = createTestHost({ user: null });
  render(<ClaimsPage />, { wrapper });
  expect(screen.getByText('Nobody is signed in.')).toBeTruthy();
});
