import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Builder, By, type WebDriver } from 'selenium-webdriver';
import { freePortBlock } from '../processes';
import { DEFAULT_TIMEOUT_MS, poll, type EnginePage } from './page';

/** Debian's WebKitGTK driver and its MiniBrowser (`apt-get install -y webkit2gtk-driver xvfb xauth`). */
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/**
 * WebKitGTK's MiniBrowser over classic WebDriver (selenium-webdriver). Its browser needs an X
 * display even when nothing is shown, so the driver runs under `xvfb-run` (without one the new
 * session hangs with no error). Not Safari: Safari's tracking prevention is not exercised.
 */
export async function launchWebKit(): Promise<EnginePage> {
  for (const [path, install] of [
    [WEBKIT_DRIVER_PATH, 'webkit2gtk-driver'],
    [MINIBROWSER_PATH, 'webkit2gtk-driver'],
    ['/usr/bin/xvfb-run', 'xvfb xauth'],
  ] as const) {
    if (!existsSync(path))
      throw new Error(`${path} is missing. Install it with "apt-get install -y ${install}" (as root).`);
  }
  const port = await freePortBlock(1);
  const server: ChildProcess = spawn('xvfb-run', ['-a', WEBKIT_DRIVER_PATH, `--port=${port}`], {
    stdio: 'ignore',
    detached: true,
  });
  const stopServer = () => {
    if (server.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
  };
  let driver: WebDriver;
  try {
    await poll(
      async () => (await fetch(`http://127.0.0.1:${port}/status`).catch(() => undefined))?.ok === true,
      20_000,
      'WebKitWebDriver to start',
    );
    driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
      })
      .build();
  } catch (error) {
    stopServer();
    throw error;
  }
  const visible = async (selector: string) => {
    const found = await driver.findElements(By.css(selector));
    return found.length > 0 && (await found[0]!.isDisplayed());
  };
  return {
    engine: 'webkit',
    goto: (url) => driver.get(url),
    url: () => driver.getCurrentUrl(),
    waitFor: (selector, timeoutMs = DEFAULT_TIMEOUT_MS) => poll(() => visible(selector), timeoutMs, selector),
    waitForUrl: (predicate, timeoutMs = DEFAULT_TIMEOUT_MS) =>
      poll(async () => predicate(await driver.getCurrentUrl()), timeoutMs, 'the expected URL'),
    click: async (selector) => driver.findElement(By.css(selector)).click(),
    fill: async (selector, value) => {
      const element = await driver.findElement(By.css(selector));
      await element.clear();
      await element.sendKeys(value);
    },
    text: async (selector) => (await driver.findElement(By.css(selector)).getText()).trim(),
    evaluate: <T>(body: string) => driver.executeScript(body) as Promise<T>,
    setViewport: async (width, height) => void (await driver.manage().window().setRect({ width, height })),
    reload: () => driver.navigate().refresh(),
    close: async () => {
      await driver.quit().catch(() => undefined);
      stopServer();
    },
  };
}
