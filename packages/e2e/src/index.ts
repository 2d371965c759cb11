export { launchBrowser, CHROMIUM_PATH, type TestBrowser } from './browser';
export { startStack, type StackHandle } from './stack';
export { ALICE, BOB, signInAtProvider } from './sign-in';
export { setUpBrowserSuite, type SuiteSession } from './session';
export { idpControl, type IdpStats } from './idp-control';
export { copyRepository, freePortBlock, waitForOutput } from './processes';
export { startNginxDeployment, type NginxDeployment } from './nginx';
export { axeViolations } from './axe';
export {
  OTHER_ENGINES,
  launchFirefox,
  launchWebKit,
  type EngineName,
  type EnginePage,
  type FirefoxPage,
} from './engines';
export { startPrometheus, type RunningPrometheus } from './prometheus';
export {
  runRelease,
  release,
  canaryBuild,
  serveRelease,
  rolloutEnded,
  type ReleaseRun,
  type ServedRelease,
} from './release-cli';
export { expectPolicyHeaders } from './policy-headers';
export { expectSavedEditInPlace } from './fast-refresh';
export { closeTabMidRenewal } from './renewal-faults';
export { eventSubscriptions } from './diagnostics';
