import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createTestHost } from '@mfe/context/testing';
import contribution from './profile-tile';

test("a home tile that names the signed-in person and leads to the account area's profile", () => {
  const host = createTestHost({ basePath: '/account' });
  const { Component } = contribution;
  render(
    <MemoryRouter>
      <Component params={{}} />
    </MemoryRouter>,
    { wrapper: host.wrapper },
  );
  expect(contribution.slot).toBe('home.tiles');
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Your account');
  expect(screen.getByTestId('account-tile').textContent).toContain('Signed in as Test User');
  expect(screen.getByRole('link', { name: 'See your profile' }).getAttribute('href')).toBe('/account/profile');
});
