import {
  ALICE,
  freePortBlock,
  launchBrowser,
  signInAtProvider,
  startStack,
  type StackHandle,
  type TestBrowser,
} from '../src';

// The host's default `auth.dpop: "auto"`: sender-constrained tokens wherever the provider's discovery
// document advertises them, plain bearer tokens where it does not, and the reason said once.
let capable: StackHandle;
let plain: StackHandle;
let browser: TestBrowser;

beforeAll(async () => {
  capable = await startStack(await freePortBlock(), ['--dpop-auto']);
  plain = await startStack(await freePortBlock(), ['--dpop-auto', '--idp-without-dpop']);
});
afterAll(async () => {
  await Promise.all([capable?.stop(), plain?.stop()]);
});
beforeEach(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await browser?.close();
});

/** Signs in on the account area's profile page and records what the token and API requests carried. */
async function signInAndCallApi(stack: StackHandle) {
  const page = await browser.context.newPage();
  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  // Each document of the host says it once (the page before the provider, the one it returns to).
  let hostDocuments = 0;
  page.on(
    'framenavigated',
    (frame) => frame === page.mainFrame() && frame.url().startsWith(stack.hostUrl) && (hostDocuments += 1),
  );
  const tokenRequests: boolean[] = [];
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url() === `${stack.idpUrl}/token` && request.method() === 'POST')
      tokenRequests.push(Boolean(request.headers().dpop));
    if (request.url().startsWith(`${stack.apiUrl}/v1/profile`))
      apiCalls.push(
        `${(request.headers().authorization ?? '').split(' ')[0]} proof:${Boolean(request.headers().dpop)}`,
      );
  });
  await page.goto(`${stack.hostUrl}/account/profile`);
  await signInAtProvider(page, stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=profile-name]');
  const discovery = (await (await fetch(`${stack.idpUrl}/.well-known/openid-configuration`)).json()) as {
    dpop_signing_alg_values_supported?: string[];
  };
  return {
    tokenRequests,
    apiCalls,
    logs: logs.filter((line) => line.includes('DPoP (sender-constrained tokens)')),
    hostDocuments,
    discovery,
  };
}

test('DPoP turns on by itself against a provider that advertises it', async () => {
  const { tokenRequests, apiCalls, logs, hostDocuments, discovery } = await signInAndCallApi(capable);
  expect(discovery.dpop_signing_alg_values_supported).toContain('ES256');
  expect(tokenRequests.length).toBeGreaterThanOrEqual(1);
  expect(tokenRequests.every(Boolean)).toBe(true);
  expect(apiCalls.length).toBeGreaterThanOrEqual(1);
  expect(new Set(apiCalls)).toEqual(new Set(['DPoP proof:true']));
  expect(logs.length).toBeGreaterThanOrEqual(1);
  expect(logs.length).toBeLessThanOrEqual(hostDocuments);
  for (const line of logs) expect(line).toContain('is on: the provider advertises DPoP proofs with ES256');
});

test('and stays off against one that does not, with plain bearer tokens', async () => {
  const { tokenRequests, apiCalls, logs, hostDocuments, discovery } = await signInAndCallApi(plain);
  expect(discovery.dpop_signing_alg_values_supported).toBeUndefined();
  expect(tokenRequests.length).toBeGreaterThanOrEqual(1);
  expect(tokenRequests.some(Boolean)).toBe(false);
  expect(new Set(apiCalls)).toEqual(new Set(['Bearer proof:false']));
  expect(logs.length).toBeGreaterThanOrEqual(1);
  expect(logs.length).toBeLessThanOrEqual(hostDocuments);
  for (const line of logs) expect(line).toContain('is off: the provider does not advertise DPoP');
});
