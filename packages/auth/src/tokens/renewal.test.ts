import {
  RenewalError,
  RenewalSchedule,
  TokenRenewer,
  renewAtMs,
  type RenewalDeps,
  type RenewalOutcome,
  type TokenState,
} from './renewal';

/** A fake world: a clock, a token set, a lock shared by several "tabs". */
function world() {
  let now = 1_000_000_000_000;
  let token: TokenState = { expiresAt: now / 1000 + 60, lifetime: 60 };
  let lock = Promise.resolve();
  const requests: string[] = [];
  const withLock = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = lock.then(fn);
    lock = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };
  return {
    advance: (ms: number) => (now += ms),
    get token() {
      return token;
    },
    setToken: (next: TokenState) => (token = next),
    requests,
    deps(overrides: Partial<RenewalDeps> = {}): RenewalDeps {
      return {
        withLock,
        syncFromPeers: async () => undefined,
        current: () => token,
        refresh: async () => {
          requests.push('refresh');
          token = { expiresAt: now / 1000 + 60, lifetime: 60 };
        },
        now: () => now,
        sleep: async (ms: number) => void (now += ms),
        ...overrides,
      };
    },
  };
}

test('a token is not renewed before a quarter of its lifetime is left', async () => {
  const w = world();
  const renewer = new TokenRenewer(w.deps());
  w.advance(44_000);
  expect(renewer.isDue()).toBe(false);
  await expect(renewer.renew()).resolves.toBe('fresh');
  expect(w.requests).toEqual([]);
  w.advance(1_000);
  expect(renewer.isDue()).toBe(true);
});

test('many concurrent callers in one tab cause exactly one token request', async () => {
  const w = world();
  const renewer = new TokenRenewer(w.deps());
  w.advance(50_000);
  const outcomes = await Promise.all(Array.from({ length: 20 }, () => renewer.renew()));
  expect(w.requests).toHaveLength(1);
  expect(new Set(outcomes)).toEqual(new Set(['renewed']));
});

test("two tabs sharing the lock cause one request: the second sees the first one's tokens", async () => {
  const w = world();
  const tabA = new TokenRenewer(w.deps());
  const tabB = new TokenRenewer(w.deps());
  w.advance(50_000);
  const [a, b] = await Promise.all([tabA.renew(), tabB.renew()]);
  expect(w.requests).toHaveLength(1);
  expect([a, b].sort()).toEqual(['fresh', 'renewed']);
});

test("a tab that has not yet received the other tab's tokens gets them from its peers before deciding", async () => {
  const w = world();
  const stale: TokenState = w.token;
  let bView = stale;
  const tabB = new TokenRenewer(
    w.deps({
      current: () => bView,
      syncFromPeers: async () => {
        bView = w.token; // the peer hands over what tab A renewed
      },
    }),
  );
  w.advance(50_000);
  w.setToken({ expiresAt: 1_000_000_000 + 50 + 60, lifetime: 60 }); // tab A renewed
  await expect(tabB.renew()).resolves.toBe('fresh');
  expect(w.requests).toEqual([]);
});

test('a revoked refresh token ends in expired after one request, never a loop', async () => {
  const w = world();
  const renewer = new TokenRenewer(
    w.deps({
      refresh: async () => {
        w.requests.push('refresh');
        throw new RenewalError('invalid_grant', 'grant revoked');
      },
    }),
  );
  w.advance(50_000);
  await expect(renewer.renew()).resolves.toBe('expired');
  expect(w.requests).toHaveLength(1);
});

test('network failures are retried with backoff a bounded number of times', async () => {
  const w = world();
  const sleeps: number[] = [];
  const renewer = new TokenRenewer(
    w.deps({
      refresh: async () => {
        w.requests.push('refresh');
        throw new RenewalError('network', 'offline');
      },
      sleep: async (ms) => void sleeps.push(ms),
    }),
    { maxAttempts: 4, baseDelayMs: 1_000 },
  );
  w.advance(50_000);
  await expect(renewer.renew()).resolves.toBe('unavailable');
  expect(w.requests).toHaveLength(4);
  expect(sleeps).toEqual([1_000, 2_000, 4_000]);
});

test('a network blip recovers on the next attempt', async () => {
  const w = world();
  let failures = 1;
  const renewer = new TokenRenewer(
    w.deps({
      refresh: async () => {
        w.requests.push('refresh');
        if (failures-- > 0) throw new RenewalError('network', 'blip');
      },
    }),
  );
  w.advance(50_000);
  await expect(renewer.renew()).resolves.toBe('renewed');
  expect(w.requests).toHaveLength(2);
});

test('the renewal point is a quarter of the lifetime before expiry, at most a minute', () => {
  expect(renewAtMs({ expiresAt: 1000, lifetime: 20 })).toBe(1_000_000 - 5_000);
  expect(renewAtMs({ expiresAt: 1000, lifetime: 3600 })).toBe(1_000_000 - 60_000);
});

describe('RenewalSchedule', () => {
  /** A page that can wake up and come back online, and a renewer that answers as told. */
  function scheduled(outcome: RenewalOutcome, { expiresAt = 1_060, now = 1_000_000 } = {}) {
    let clock = now;
    const listeners: Record<string, () => void> = {};
    const page = {
      visibilityState: 'visible' as DocumentVisibilityState,
      addEventListener: (type: string, listener: () => void) => void (listeners[type] = listener),
    };
    const renew = jest.fn(async () => outcome);
    let due = false;
    const expired = jest.fn();
    const schedule = new RenewalSchedule({
      renewer: { renew, isDue: () => due },
      current: () => ({ expiresAt, lifetime: 60 }),
      expiresAt: () => expiresAt,
      now: () => clock,
      expired,
      wake: { window: page, document: page },
      retryLaterMs: 10_000,
    });
    return {
      schedule,
      renew,
      expired,
      listeners,
      setDue: (value: boolean) => (due = value),
      advance: (ms: number) => (clock += ms),
    };
  }

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('renews at the renewal point of the token set, not before', async () => {
    const { schedule, renew } = scheduled('renewed');
    schedule.schedule();
    // expiresAt 1,060 s, now 1,000 s, lifetime 60 s: the renewal point is 15 s before expiry.
    await jest.advanceTimersByTimeAsync(44_999);
    expect(renew).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  test('a page that wakes up or comes back online past the renewal point renews at once', () => {
    const { renew, listeners, setDue } = scheduled('renewed');
    listeners.online!();
    expect(renew).not.toHaveBeenCalled();
    setDue(true);
    listeners.online!();
    listeners.visibilitychange!();
    expect(renew).toHaveBeenCalledTimes(2);
  });

  test('a refused renewal ends the session for good', async () => {
    const { schedule, expired } = scheduled('expired');
    await schedule.renewNow();
    expect(expired).toHaveBeenCalledWith('the provider no longer accepts this session', false);
  });

  test('an unreachable provider is said past expiry only, and renewal is tried again later', async () => {
    const early = scheduled('unavailable');
    await early.schedule.renewNow();
    expect(early.expired).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(early.renew).toHaveBeenCalledTimes(2);

    const late = scheduled('unavailable', { expiresAt: 900 });
    await late.schedule.renewNow();
    expect(late.expired).toHaveBeenCalledWith('the provider could not be reached', true);
  });

  test('stop cancels the timer', async () => {
    const { schedule, renew } = scheduled('renewed');
    schedule.schedule();
    schedule.stop();
    await jest.advanceTimersByTimeAsync(120_000);
    expect(renew).not.toHaveBeenCalled();
  });
});
