import { act, renderHook } from '@testing-library/react';
import { useWhenNearOrIdle } from './when-near';

type Seen = (entries: Array<{ isIntersecting: boolean }>) => void;
let observers: Array<{ seen: Seen; margin: string | undefined; disconnected: boolean }> = [];

beforeEach(() => {
  observers = [];
  class Observer {
    private readonly record: (typeof observers)[number];
    constructor(seen: Seen, options?: { rootMargin?: string }) {
      this.record = { seen, margin: options?.rootMargin, disconnected: false };
      observers.push(this.record);
    }
    observe() {}
    disconnect() {
      this.record.disconnected = true;
    }
  }
  Object.assign(globalThis, { IntersectionObserver: Observer });
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

const element = { current: document.createElement('div') };
/** Lets the promises the hook waits on (the page's load, the first view) settle. */
const settle = () => act(async () => undefined);

test('starts at once for an element in the viewport, and only once', async () => {
  const start = jest.fn();
  renderHook(() => useWhenNearOrIdle(element, true, start));
  expect(observers[0]!.margin).toBe('0px');
  act(() => observers[0]!.seen([{ isIntersecting: false }]));
  expect(start).not.toHaveBeenCalled();
  act(() => observers[0]!.seen([{ isIntersecting: true }]));
  await settle();
  act(() => void jest.advanceTimersByTime(5000));
  expect(start).toHaveBeenCalledTimes(1);
  expect(observers.every((observer) => observer.disconnected)).toBe(true);
});

test('below the fold: nothing until the first view is in; then near the viewport (300 px), or idle after 3 s at the latest', async () => {
  let firstViewIn: () => void = () => undefined;
  const firstView = new Promise<void>((resolve) => (firstViewIn = resolve));
  const start = jest.fn();
  renderHook(() => useWhenNearOrIdle(element, true, start, () => firstView));
  await settle();
  act(() => void jest.advanceTimersByTime(10_000));
  expect(start).not.toHaveBeenCalled();
  expect(observers.map((observer) => observer.margin)).toEqual(['0px']);
  firstViewIn();
  await settle();
  expect(observers.map((observer) => observer.margin)).toEqual(['0px', '300px']);
  act(() => observers[1]!.seen([{ isIntersecting: true }]));
  expect(start).toHaveBeenCalledTimes(1);

  const idle = jest.fn();
  renderHook(() => useWhenNearOrIdle(element, true, idle));
  await settle();
  act(() => void jest.advanceTimersByTime(2900));
  expect(idle).not.toHaveBeenCalled();
  act(() => void jest.advanceTimersByTime(200));
  expect(idle).toHaveBeenCalledTimes(1);
});

test('does nothing while not waiting, and stops watching when it stops waiting', async () => {
  const start = jest.fn();
  const { rerender } = renderHook(({ waiting }) => useWhenNearOrIdle(element, waiting, start), {
    initialProps: { waiting: false },
  });
  expect(observers).toHaveLength(0);
  rerender({ waiting: true });
  rerender({ waiting: false });
  await settle();
  expect(observers[0]!.disconnected).toBe(true);
  act(() => void jest.advanceTimersByTime(5000));
  expect(start).not.toHaveBeenCalled();
  expect(observers).toHaveLength(1);
});

test("while the page is still loading, nothing below the fold starts: the idle wait begins at the page's load event", async () => {
  const readyState = jest.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
  try {
    const start = jest.fn();
    renderHook(() => useWhenNearOrIdle(element, true, start));
    await settle();
    act(() => void jest.advanceTimersByTime(10_000));
    expect(start).not.toHaveBeenCalled();
    act(() => void window.dispatchEvent(new Event('load')));
    await settle();
    act(() => void jest.advanceTimersByTime(3100));
    expect(start).toHaveBeenCalledTimes(1);
  } finally {
    readyState.mockRestore();
  }
});
