import { existsSync } from 'node:fs';
import { launch, type HTTPRequest, type Page } from 'puppeteer-core';
import { DEFAULT_TIMEOUT_MS, poll, type EnginePage } from './page';

/** Debian's Firefox ESR (`apt-get install -y firefox-esr`). */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** SHA-384 of zero bytes, base64: what Firefox computes for a download a navigation cut off. */
const EMPTY_BODY_SHA384 = 'OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlb';

/**
 * Firefox logs a script download that leaving the page cut off as an integrity failure of the empty
 * body it got (any file still downloading when a test moves on). The page threw nothing: such a
 * message is not a page error. A file that arrived and does not match its pin still is one.
 */
export function isCutDownload(message: string): boolean {
  return message.includes('integrity attribute') && message.includes(`“${EMPTY_BODY_SHA384}”`);
}

/** A Firefox page: its page errors as they came, and requests it can fail (BiDi's interception). */
export interface FirefoxPage extends EnginePage {
  readonly pageErrors: string[];
  /** Fails every request whose path matches `pattern` from now on, as a network error. */
  failRequests(pattern: RegExp): Promise<void>;
}

/** Requests whose path matches `pattern` go to `handle`; the others go on. */
async function intercept(page: Page, pattern: RegExp, handle: (request: HTTPRequest) => void): Promise<void> {
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (request.isInterceptResolutionHandled()) return;
    if (pattern.test(new URL(request.url()).pathname)) handle(request);
    else void request.continue().catch(() => undefined);
  });
}

/**
 * Firefox ESR driven over WebDriver BiDi (puppeteer-core); page errors are recorded from the start,
 * downloads cut off by leaving the page set apart.
 */
export async function launchFirefox(): Promise<FirefoxPage> {
  if (!existsSync(FIREFOX_PATH))
    throw new Error(
      `Firefox ESR is not installed at ${FIREFOX_PATH}. Install it with "apt-get install -y firefox-esr" (as root) or set FIREFOX_PATH.`,
    );
  const browser = await launch({ browser: 'firefox', executablePath: FIREFOX_PATH, headless: true });
  const page = await browser.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => {
    const message = (error as Error).message ?? String(error);
    if (!isCutDownload(message)) pageErrors.push(message);
  });
  const visible = (selector: string) =>
    page.evaluate((s) => {
      const element = document.querySelector(s) as HTMLElement | null;
      return element !== null && element.getClientRects().length > 0;
    }, selector);
  return {
    engine: 'firefox',
    pageErrors,
    goto: async (url) => {
      // Firefox's BiDi navigate sometimes reports NS_BINDING_ABORTED when it replaces a page that is
      // still settling (a driver race, not a page error): the navigation is simply asked again.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await page.goto(url);
          return;
        } catch (error) {
          if (attempt >= 3 || !String((error as Error).message).includes('NS_BINDING_ABORTED')) throw error;
        }
      }
    },
    url: async () => page.url(),
    waitFor: (selector, timeoutMs = DEFAULT_TIMEOUT_MS) => poll(() => visible(selector), timeoutMs, selector),
    waitForUrl: (predicate, timeoutMs = DEFAULT_TIMEOUT_MS) =>
      poll(async () => predicate(page.url()), timeoutMs, 'the expected URL'),
    click: (selector) => page.click(selector),
    fill: async (selector, value) => {
      await page.focus(selector);
      await page.$eval(selector, (element) => ((element as HTMLInputElement).value = ''));
      await page.type(selector, value);
    },
    text: async (selector) => (await page.$eval(selector, (element) => element.textContent ?? '')).trim(),
    evaluate: <T>(body: string) => page.evaluate(`(() => { ${body} })()`) as Promise<T>,
    setViewport: (width, height) => page.setViewport({ width, height }),
    reload: async () => void (await page.reload()),
    close: () => browser.close(),
    failRequests: (pattern) =>
      intercept(page, pattern, (request) => void request.abort('failed').catch(() => undefined)),
  };
}
