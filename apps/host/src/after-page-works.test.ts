import { pageWorks } from './after-page-works';

test('what waits for the page to work starts only once it was shown and the browser was idle after it', async () => {
  jest.useFakeTimers();
  try {
    const { shown, pageShown } = pageWorks();
    let started = false;
    void shown.then(() => (started = true));
    await jest.advanceTimersByTimeAsync(5_000);
    expect(started).toBe(false);
    pageShown();
    // jsdom has no idle callback: soon after, as in WebKit.
    await jest.advanceTimersByTimeAsync(60);
    expect(started).toBe(true);
  } finally {
    jest.useRealTimers();
  }
});
