/**
 * One page in a browser other than Chromium (Firefox ESR over WebDriver BiDi, WebKitGTK over
 * classic WebDriver), with the few operations the cross-engine tests need. Selectors are CSS.
 */
export interface EnginePage {
  readonly engine: EngineName;
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  /** Waits until an element matching `selector` is displayed. */
  waitFor(selector: string, timeoutMs?: number): Promise<void>;
  waitForUrl(predicate: (url: string) => boolean, timeoutMs?: number): Promise<void>;
  click(selector: string): Promise<void>;
  fill(selector: string, value: string): Promise<void>;
  text(selector: string): Promise<string>;
  /** Runs `body` (a function body that returns a JSON value) in the page. */
  evaluate<T>(body: string): Promise<T>;
  setViewport(width: number, height: number): Promise<void>;
  reload(): Promise<void>;
  close(): Promise<void>;
}

export type EngineName = 'firefox' | 'webkit';

export const DEFAULT_TIMEOUT_MS = 15_000;

/** Polls `check` until it returns true, failing with `what` after `timeoutMs`. */
export async function poll(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `Timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${(last as Error).message})` : ''}.`,
  );
}
