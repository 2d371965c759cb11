import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createTestHost } from '@mfe/context/testing';
import contribution from './activity-count';

function renderInHeader() {
  const host = createTestHost({ basePath: '/account' });
  const { Component } = contribution;
  render(
    <MemoryRouter initialEntries={['/referrals/invite']}>
      <Component params={{}} />
    </MemoryRouter>,
    { wrapper: host.wrapper },
  );
  return host;
}

test('is a contribution to the shell header', () => {
  expect(contribution.slot).toBe('shell.header.end');
});

test('counts the invitations referrals announces, and says the count in words to a screen reader', () => {
  const host = renderInHeader();
  const link = screen.getByRole('link');
  expect(link.getAttribute('href')).toBe('/account');
  expect(link.textContent).toBe('Activity 0no invitations sent in this session');
  act(() => host.events.emit('referrals:invite-sent', { email: 'a@example.test', sentAt: '2026-11-26T10:00:00Z' }));
  act(() => host.events.emit('referrals:invite-sent', { email: 'b@example.test', sentAt: '2026-11-26T10:01:00Z' }));
  expect(link.getAttribute('data-count')).toBe('2');
  expect(link.textContent).toContain('2 invitations sent in this session');
});

test('counts one sent before it loaded', () => {
  const host = createTestHost({ basePath: '/account' });
  host.events.emit('referrals:invite-sent', { email: 'early@example.test', sentAt: '' });
  const { Component } = contribution;
  render(
    <MemoryRouter>
      <Component params={{}} />
    </MemoryRouter>,
    { wrapper: host.wrapper },
  );
  expect(screen.getByRole('link').textContent).toContain('1 invitation sent in this session');
});

test('counts an invitation once, even when it is delivered again to a new subscription', () => {
  const host = createTestHost({ basePath: '/account' });
  host.events.emit('referrals:invite-sent', { email: 'early@example.test', sentAt: '2026-11-26T10:00:00Z' });
  const { Component } = contribution;
  const view = render(
    <MemoryRouter>
      <Component params={{}} />
    </MemoryRouter>,
    { wrapper: host.wrapper },
  );
  // The same invitation again (as a replay to a later subscription would bring it).
  act(() => host.events.emit('referrals:invite-sent', { email: 'early@example.test', sentAt: '2026-11-26T10:00:00Z' }));
  expect(view.getByRole('link').getAttribute('data-count')).toBe('1');
});
