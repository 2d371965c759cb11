import { act, renderHook } from '@testing-library/react';
import { useWhenNearOrIdle } from './when-near';

type Seen = (entries: Array<{ isIntersecting: boolean }>) => void;
let observers: Array<{ seen: Seen; disconnected: boolean }> = [];

beforeEach(() => {
  observers = [];
  class Observer {
    private readonly record: { seen: Seen; disconnected: boolean };
    constructor(seen: Seen) {
      this.record = { seen, disconnected: false };
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

test('starts once when the element nears the viewport, not again when the browser is idle', () => {
  const start = jest.fn();
  renderHook(() => useWhenNearOrIdle(element, true, start));
  act(() => observers[0]!.seen([{ isIntersecting: false }]));
  expect(start).not.toHaveBeenCalled();
  act(() => observers[0]!.seen([{ isIntersecting: true }]));
  act(() => void jest.advanceTimersByTime(5000));
  expect(start).toHaveBeenCalledTimes(1);
});

test('starts when the browser is idle (at the latest after 3 s) if it never nears the viewport', () => {
  const start = jest.fn();
  renderHook(() => useWhenNearOrIdle(element, true, start));
  act(() => void jest.advanceTimersByTime(2900));
  expect(start).not.toHaveBeenCalled();
  act(() => void jest.advanceTimersByTime(200));
  expect(start).toHaveBeenCalledTimes(1);
});

test('does nothing while not waiting, and stops watching when it stops waiting', () => {
  const start = jest.fn();
  const { rerender } = renderHook(({ waiting }) => useWhenNearOrIdle(element, waiting, start), {
    initialProps: { waiting: false },
  });
  expect(observers).toHaveLength(0);
  rerender({ waiting: true });
  rerender({ waiting: false });
  expect(observers[0]!.disconnected).toBe(true);
  act(() => void jest.advanceTimersByTime(5000));
  expect(start).not.toHaveBeenCalled();
});

test("while the page is still loading, nothing below the fold starts: the idle wait begins at the page's load event", () => {
  const readyState = jest.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
  try {
    const start = jest.fn();
    renderHook(() => useWhenNearOrIdle(element, true, start));
    act(() => void jest.advanceTimersByTime(10_000));
    expect(start).not.toHaveBeenCalled();
    act(() => void window.dispatchEvent(new Event('load')));
    act(() => void jest.advanceTimersByTime(3100));
    expect(start).toHaveBeenCalledTimes(1);
  } finally {
    readyState.mockRestore();
  }
});
