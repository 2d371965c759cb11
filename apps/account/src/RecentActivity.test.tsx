import { act, render, screen } from '@testing-library/react';
import { createTestHost } from '@mfe/context/testing';
import { RecentActivity } from './RecentActivity';

test('shows an invitation announced by another area, even one sent before it mounted', () => {
  const host = createTestHost();
  host.events.emit('referrals:invite-sent', { email: 'early@example.test', sentAt: '' });
  render(<RecentActivity />, { wrapper: host.wrapper });
  expect(screen.getByTestId('account-activity').textContent).toBe(
    'You invited early@example.test during this session.',
  );
  act(() => host.events.emit('referrals:invite-sent', { email: 'later@example.test', sentAt: '' }));
  expect(screen.getByTestId('account-activity').textContent).toContain('later@example.test');
});

test('ends its subscription when it unmounts', () => {
  const host = createTestHost();
  const { unmount } = render(<RecentActivity />, { wrapper: host.wrapper });
  expect(host.events.subscriptionCount()).toBe(1);
  unmount();
  expect(host.events.subscriptionCount()).toBe(0);
});
