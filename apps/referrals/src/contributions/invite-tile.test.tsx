import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createTestHost } from '@mfe/context/testing';
import contribution from './invite-tile';

test("a home tile that leads into the referrals area's invitation page", () => {
  const host = createTestHost({ basePath: '/referrals' });
  const { Component } = contribution;
  render(
    <MemoryRouter>
      <Component params={{}} />
    </MemoryRouter>,
    { wrapper: host.wrapper },
  );
  expect(contribution.slot).toBe('home.tiles');
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Refer a friend');
  expect(screen.getByRole('link', { name: 'Invite someone' }).getAttribute('href')).toBe('/referrals/invite');
});
