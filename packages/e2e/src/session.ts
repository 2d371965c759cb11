import { launchBrowser, type TestBrowser } from './browser';
import { startStack, type StackHandle } from './stack';

export interface SuiteSession {
  readonly stack: StackHandle;
  readonly browser: TestBrowser;
}

/**
 * Jest lifecycle for a browser test file: one stack for the file (on its own
 * ports), a fresh browser profile for each test. Read the fields inside tests.
 */
export function setUpBrowserSuite(basePort: number, stackArgs: readonly string[] = []): SuiteSession {
  const session = {} as { stack: StackHandle; browser: TestBrowser };
  beforeAll(async () => {
    session.stack = await startStack(basePort, stackArgs);
  });
  afterAll(async () => {
    await session.stack?.stop();
  });
  beforeEach(async () => {
    session.browser = await launchBrowser();
  });
  afterEach(async () => {
    await session.browser?.close();
  });
  return session;
}
