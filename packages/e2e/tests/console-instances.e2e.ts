import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALICE, release, setUpBrowserSuite, signInAtProvider } from '../src';

// Any number of release services behind one name serve the console as one: here two on one store,
// behind a balancer that sends each request to the next instance in turn (no affinity). They share
// the DPoP nonce secret and the proofs already honoured through the store (shared-dpop.ts).
const store = mkdtempSync(join(tmpdir(), 'mfe-console-instances-'));
const suite = setUpBrowserSuite(['--release-store', store, '--release-service-instances', '2']);
const consoleUrl = () => suite.stack.releaseServiceUrl!;

test('signed in through a round-robin balancer over two instances, every read and action is answered, and a proof is honoured by one instance only', async () => {
  const instances = suite.stack.releaseServiceInstanceUrls!;
  expect(instances).toHaveLength(2);
  const page = await suite.browser.context.newPage();
  const refused: string[] = [];
  const sent: Array<{ path: string; authorization: string; dpop: string }> = [];
  page.on('response', (response) => {
    if (response.url().startsWith(`${consoleUrl()}/api/`) && response.status() >= 400)
      refused.push(`${response.status()} ${response.url()}`);
  });
  page.on('request', (request) => {
    const headers = request.headers();
    if (request.url().startsWith(`${consoleUrl()}/api/overview`) && headers.authorization && headers.dpop)
      sent.push({ path: new URL(request.url()).pathname, authorization: headers.authorization, dpop: headers.dpop });
  });
  await page.goto(consoleUrl());
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.getByText(`Signed in as ${ALICE.name}`).waitFor();
  // Reads, each sent to the next instance: the history and back, a few times.
  for (let round = 0; round < 3; round += 1) {
    await page
      .getByRole('region', { name: /^development/ })
      .getByRole('link', { name: 'History' })
      .click();
    await page.getByRole('heading', { name: 'development: History' }).waitFor();
    await page.goBack();
    await page.getByRole('button', { name: 'Roll back' }).waitFor();
  }
  // An action: its dry run and its change, whichever instance answers each.
  const before = JSON.parse(await release(store, 'history', '--env', 'development', '--json')) as unknown[];
  await page.getByRole('button', { name: 'Roll back' }).click();
  const action = page.getByRole('region', { name: 'Roll back (development)' });
  await action.getByLabel(/Why/).fill('behind a balancer');
  await action.getByRole('button', { name: 'Show what would change' }).click();
  await action.getByText(/dry run: development would become revision \d+: rollback/).waitFor();
  await action.getByRole('button', { name: 'Make the change' }).click();
  await action.getByText(/^Done: ✔ development revision \d+: rollback to #\d+/).waitFor();
  const history = JSON.parse(await release(store, 'history', '--env', 'development', '--json')) as Array<{
    actor: string;
    reason: string;
  }>;
  expect(history).toHaveLength(before.length + 1);
  expect(history.at(-1)).toMatchObject({ actor: 'Alice Admin (u-alice)', reason: 'behind a balancer' });
  // At most the page's one nonce retry a call: never a refusal it could not get past.
  expect(refused.filter((line) => !line.startsWith('401'))).toEqual([]);
  // The last overview call's proof, sent again to each instance directly: neither honours it a second time.
  expect(sent.length).toBeGreaterThan(0);
  const { path, authorization, dpop } = sent.at(-1)!;
  for (const instance of instances) {
    const replayed = await fetch(`${instance}${path}`, { headers: { Authorization: authorization, DPoP: dpop } });
    expect(replayed.status).toBe(401);
    expect(replayed.headers.get('www-authenticate')).toMatch(/invalid_dpop_proof/);
  }
});
