import { createEventBus } from './events';

describe('the event bus', () => {
  it('delivers an emitted payload to every subscriber of that name, and to no other', () => {
    const bus = createEventBus();
    const seen: string[] = [];
    bus.on('referrals:invite-sent', ({ email }) => seen.push(`a ${email}`));
    bus.on('referrals:invite-sent', ({ email }) => seen.push(`b ${email}`));
    bus.emit('referrals:invite-sent', { email: 'x@example.test', sentAt: '2026-01-01T00:00:00Z' });
    expect(seen).toEqual(['a x@example.test', 'b x@example.test']);
  });

  it('stops delivering after unsubscribe, and unsubscribing twice is harmless', () => {
    const bus = createEventBus();
    const handler = jest.fn();
    const off = bus.on('referrals:invite-sent', handler);
    off();
    off();
    bus.emit('referrals:invite-sent', { email: 'x@example.test', sentAt: '' });
    expect(handler).not.toHaveBeenCalled();
    expect(bus.subscriptionCount()).toBe(0);
  });

  it('replays the last payload to a late subscriber that asks for it', () => {
    const bus = createEventBus();
    bus.emit('referrals:invite-sent', { email: 'first@example.test', sentAt: '' });
    bus.emit('referrals:invite-sent', { email: 'second@example.test', sentAt: '' });
    const late = jest.fn();
    const plain = jest.fn();
    bus.on('referrals:invite-sent', late, { replayLast: true });
    bus.on('referrals:invite-sent', plain);
    expect(late).toHaveBeenCalledWith({ email: 'second@example.test', sentAt: '' });
    expect(plain).not.toHaveBeenCalled();
  });

  it('keeps delivering to the others when one handler throws, and reports the error', () => {
    const errors: unknown[] = [];
    const bus = createEventBus((error) => errors.push(error));
    const after = jest.fn();
    bus.on('referrals:invite-sent', () => {
      throw new Error('boom');
    });
    bus.on('referrals:invite-sent', after);
    expect(() => bus.emit('referrals:invite-sent', { email: 'x@example.test', sentAt: '' })).not.toThrow();
    expect(after).toHaveBeenCalled();
    expect(errors).toHaveLength(1);
  });

  it('ends every subscription of a scope on dispose, leaving other scopes alone', () => {
    const bus = createEventBus();
    const referrals = bus.scope('referrals');
    const account = bus.scope('account');
    const kept = jest.fn();
    referrals.on('referrals:invite-sent', jest.fn());
    referrals.on('referrals:invite-sent', jest.fn());
    account.on('referrals:invite-sent', kept);
    expect(bus.subscriptionCount()).toBe(3);
    referrals.dispose();
    expect(bus.subscriptionCount()).toBe(1);
    referrals.emit('referrals:invite-sent', { email: 'x@example.test', sentAt: '' });
    expect(kept).toHaveBeenCalledTimes(1);
  });
});
