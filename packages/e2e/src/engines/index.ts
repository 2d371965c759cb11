export { launchFirefox, FIREFOX_PATH } from './firefox';
export { launchWebKit, MINIBROWSER_PATH, WEBKIT_DRIVER_PATH } from './webkit';
export { poll, type EngineName, type EnginePage } from './page';
