import { launchBrowser, type TestBrowser } from './browser';
import { freePortBlock } from './processes';
import { startStack, type StackHandle } from './stack';

export interface SuiteSession {
  readonly stack: StackHandle;
  readonly browser: TestBrowser;
}

/**
 * Jest lifecycle for a browser test file: one stack for the file, on a block of
 * free ports, a fresh browser profile for each test. Read the fields inside tests.
 * `stackArgs` may depend on the block's first port (for entries that name ports).
 */
export function setUpBrowserSuite(
  stackArgs: readonly string[] | ((basePort: number) => readonly string[]) = [],
): SuiteSession {
  const session = {} as { stack: StackHandle; browser: TestBrowser };
  beforeAll(async () => {
    const basePort = await freePortBlock();
    session.stack = await startStack(basePort, typeof stackArgs === 'function' ? stackArgs(basePort) : stackArgs);
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
