import { createSessionClock, describeSkew } from './clock';

function fakeTime(start: number) {
  const time = { wall: start, mono: 1_000 };
  return { time, clock: createSessionClock({ wall: () => time.wall, monotonic: () => time.mono }) };
}

test("learns the provider's time from a fresh token and keeps it when the device clock jumps", () => {
  const { time, clock } = fakeTime(1_800_000_000_000 + 2 * 3600_000); // device 2 h ahead
  clock.learn(1_800_000_000); // the provider's iat, just now
  expect(clock.providerNow()).toBeCloseTo(1_800_000_000, 3);
  expect(describeSkew(clock.deviceSkew())).toBe('2 hours ahead of');
  // 10 s pass; then the device clock is set back 3 hours: session time does not jump.
  time.mono += 10_000;
  time.wall += 10_000 - 3 * 3600_000;
  expect(clock.providerNow()).toBeCloseTo(1_800_000_010, 3);
  expect(clock.now()).toBe(1_800_000_000_000 + 2 * 3600_000 + 10_000);
  expect(describeSkew(clock.deviceSkew())).toBe('1 hour behind');
});

test("without a token it is the device's clock; nonsense is not learned", () => {
  const { clock } = fakeTime(1_700_000_000_000);
  expect(clock.providerNow()).toBe(1_700_000_000);
  clock.learn(Number.NaN);
  expect(clock.providerNow()).toBe(1_700_000_000);
  expect(clock.deviceSkew()).toBe(0);
});

test.each([
  [7200, '2 hours ahead of'],
  [-300, '5 minutes behind'],
  [40, '40 seconds ahead of'],
])('a skew of %i s reads "%s"', (seconds, text) => {
  expect(describeSkew(seconds)).toBe(text);
});
