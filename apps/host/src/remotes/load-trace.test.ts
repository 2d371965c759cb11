import { report } from '../telemetry/queue';
import { INTERACTION_WAIT_MS, LoadTrace } from './load-trace';

jest.mock('../telemetry/queue', () => ({ report: jest.fn(), pageRoute: () => '/referrals' }));

const identity = () => ({ name: 'referrals', version: '1.2.0', variant: 'stable' as const });
const reported = () => jest.mocked(report).mock.calls.map(([input]) => input);

beforeEach(() => jest.mocked(report).mockClear());
afterEach(() => jest.useRealTimers());

test('its phases come in the order they run, from the load start, each once', () => {
  const trace = new LoadTrace(identity, 100);
  trace.begin('manifest', 100);
  trace.end('manifest', 130);
  trace.begin('entry', 130);
  trace.end('entry', 180);
  trace.end('entry', 900); // a second end changes nothing
  trace.begin('shared', 185);
  trace.end('shared', 190);
  // A phase never begun (the runtime's hook did not run) starts where the one before it ended.
  trace.end('module', 250);
  expect(trace.phases()).toEqual([
    { name: 'manifest', start: 0, duration: 30 },
    { name: 'entry', start: 30, duration: 50 },
    { name: 'shared', start: 85, duration: 5 },
    { name: 'module', start: 90, duration: 60 },
  ]);
});

test('a phase begun but never ended (a step another load had done) is left out', () => {
  const trace = new LoadTrace(identity, 0);
  trace.begin('entry', 10);
  trace.end('module', 40);
  expect(trace.phases().map((phase) => phase.name)).toEqual(['module']);
});

test('shown without an element to watch, it is reported at once with its render', () => {
  const trace = new LoadTrace(identity, 0);
  trace.end('module', 50);
  trace.shown(null, true, 80);
  trace.shown(null, false, 90); // once shown, not again
  expect(reported()).toEqual([
    expect.objectContaining({
      kind: 'trace',
      name: 'area load',
      route: '/referrals',
      remote: identity(),
      phases: [
        { name: 'module', start: 0, duration: 50 },
        { name: 'hydrate', start: 50, duration: 30 },
      ],
    }),
  ]);
});

test('its first interaction is the time from the input to the paint after it, and then it is reported once', async () => {
  const element = document.createElement('div');
  document.body.append(element);
  const trace = new LoadTrace(identity, performance.now());
  trace.end('module');
  trace.shown(element, false);
  expect(reported()).toEqual([]);
  element.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  element.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  // After the next frame (jsdom's is a timer of about 16 ms, later on a busy machine).
  for (let waited = 0; waited < 2_000 && reported().length === 0; waited += 20)
    await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(reported()).toHaveLength(1);
  expect(reported()[0]!.phases!.map((phase) => phase.name)).toEqual(['module', 'render', 'first interaction']);
  element.remove();
});

test('without an interaction it is reported when the page is left, or after the wait', () => {
  jest.useFakeTimers();
  const left = new LoadTrace(identity, 0);
  left.shown(document.body, false, 10);
  window.dispatchEvent(new Event('pagehide'));
  expect(reported()).toHaveLength(1);
  const waited = new LoadTrace(identity, 0);
  waited.shown(document.body, false, 10);
  jest.advanceTimersByTime(INTERACTION_WAIT_MS);
  expect(reported()).toHaveLength(2);
  // Reported, it stops watching: the page left later sends nothing more.
  window.dispatchEvent(new Event('pagehide'));
  expect(reported()).toHaveLength(2);
});
