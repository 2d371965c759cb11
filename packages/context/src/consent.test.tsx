import { act, render, screen } from '@testing-library/react';
import { createConsentStore, NO_CONSENT } from './consent';
import { useConsent } from './provider';
import { createTestHost } from './testing';

test('a choice is recorded per category, notifies subscribers once per change, and ignores non-booleans', () => {
  const changes: unknown[] = [];
  const store = createConsentStore(NO_CONSENT, (state) => changes.push(state));
  const listener = jest.fn();
  const unsubscribe = store.subscribe(listener);
  store.set({ analytics: true });
  store.set({ analytics: true });
  store.set({ marketing: 'yes' as unknown as boolean });
  expect(store.get()).toEqual({ analytics: true, marketing: null });
  expect(listener).toHaveBeenCalledTimes(1);
  unsubscribe();
  store.set({ marketing: false });
  expect(listener).toHaveBeenCalledTimes(1);
  expect(changes).toEqual([
    { analytics: true, marketing: null },
    { analytics: true, marketing: false },
  ]);
});

function ConsentLine() {
  const consent = useConsent();
  return (
    <button type="button" onClick={() => consent.set({ analytics: !consent.analytics })}>
      analytics: {String(consent.analytics)}
    </button>
  );
}

test('useConsent re-renders a remote when consent changes, whoever changed it', () => {
  const host = createTestHost({ consent: { analytics: false } });
  render(<ConsentLine />, { wrapper: host.wrapper });
  expect(screen.getByRole('button').textContent).toBe('analytics: false');
  act(() => screen.getByRole('button').click());
  expect(screen.getByRole('button').textContent).toBe('analytics: true');
  act(() => host.context.consent.set({ analytics: false }));
  expect(screen.getByRole('button').textContent).toBe('analytics: false');
  expect(host.calls.filter((call) => call.method === 'consent.set')).toHaveLength(2);
});
