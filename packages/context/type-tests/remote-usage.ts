// Compile-time tests of the contract, run by `pnpm typecheck`: each
// `@ts-expect-error` line is a mistake a remote could make, and the build of
// this file fails if the contract ever stops catching it.
import { useApi, useAuth, useEvent, useEvents, useHost, useUser, type PlatformEvents } from '../src';

declare module '../src' {
  interface PlatformEvents {
    // A remote's own event, declared by merging (see events.ts).
    'type-tests:thing-happened': { readonly id: number };
  }
}

export function CorrectUsage(): string {
  const events = useEvents();
  events.emit('referrals:invite-sent', { email: 'a@example.test', sentAt: new Date().toISOString() });
  events.emit('type-tests:thing-happened', { id: 1 });
  useEvent('type-tests:thing-happened', ({ id }) => id.toFixed());
  const user = useUser();
  void useApi().json<{ ok: boolean }>('/api/x');
  const merged: PlatformEvents['type-tests:thing-happened'] = { id: 2 };
  return `${user?.name ?? 'nobody'} ${merged.id} ${useHost().remote.basePath}`;
}

export function Mistakes(): void {
  const events = useEvents();
  // @ts-expect-error an event nobody declared
  events.emit('referrals:invite-snet', { email: 'a@example.test', sentAt: '' });
  // @ts-expect-error a payload of the wrong shape
  events.emit('referrals:invite-sent', { email: 42, sentAt: '' });
  // @ts-expect-error a handler that expects another payload
  useEvent('type-tests:thing-happened', (payload: { email: string }) => payload.email);
  // @ts-expect-error the user may be signed out (null)
  void useUser().name;
  // @ts-expect-error tokens are fetched per call, never read as a property
  void useAuth().accessToken;
  // @ts-expect-error the host context is read-only
  useHost().remote.basePath = '/elsewhere';
}
