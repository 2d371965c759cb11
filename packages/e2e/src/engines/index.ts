import { launchFirefox } from './firefox';
import type { EnginePage } from './page';
import { launchWebKit } from './webkit';

export { launchFirefox, FIREFOX_PATH, type FirefoxPage } from './firefox';
export { launchWebKit, MINIBROWSER_PATH, WEBKIT_DRIVER_PATH } from './webkit';
export { poll, type EngineName, type EnginePage } from './page';

/** The engines the browser tests drive besides Chromium, each by the name its tests say, and how to start it. */
export const OTHER_ENGINES: Array<[string, () => Promise<EnginePage & { readonly pageErrors?: string[] }>]> = [
  ['Firefox ESR', launchFirefox],
  ['WebKitGTK', launchWebKit],
];
