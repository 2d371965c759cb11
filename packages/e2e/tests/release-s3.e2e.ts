import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import S3rver from 's3rver';
import { escapeRegExp } from '@mfe/deploy/headers';
import { localUrl, topology } from '@mfe/manifest';
import {
  canaryBuild,
  release as releaseIn,
  runRelease,
  serveRelease,
  startNginxDeployment,
  type NginxDeployment,
} from '../src';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../src/browser';

// A release store in a bucket of an S3-protocol server (s3rver), read by the browser directly: the
// host's config names the bucket's production manifest and its preview folder, the remotes' files
// are served from the bucket, and the bucket's CORS rules are the ones `mfe-release cors --apply`
// sets. Without those rules the browser would read nothing of it.
let deployment: NginxDeployment;
let s3: S3rver;
let bucketUrl = '';
let engine: Browser;
const STORE = 's3://releases/web';

beforeAll(async () => {
  // The host's config names the bucket's production manifest, as a host reading its store directly does.
  deployment = await startNginxDeployment({
    manifestUrl: (ports) => `${localUrl(ports.s3)}/releases/web/envs/production/manifest.json`,
  });
  const port = topology(deployment.basePort).s3;
  s3 = new S3rver({
    port,
    address: 'localhost',
    silent: true,
    directory: join(deployment.dir, 's3'),
    configureBuckets: [{ name: 'releases', configs: [] }],
  });
  await s3.run();
  bucketUrl = `${localUrl(port)}/releases/web`;
  // s3rver's fixed credentials, for the release command (a child process inherits them).
  Object.assign(process.env, {
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_REGION: 'us-east-1',
    MFE_RELEASE_S3_ENDPOINT: localUrl(port),
  });
  engine = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}, 120_000);
afterAll(async () => {
  await engine?.close();
  await s3?.close();
  await deployment?.stop();
});

const release = (...args: string[]) => releaseIn(STORE, ...args);

test("the host reads its manifest, the remotes' files and a preview from the bucket, allowed by the CORS rules mfe-release sets", async () => {
  await release('init', '--public-url', `${bucketUrl}/remotes`, '--host', `production=${deployment.hostUrl}`);
  await release('publish', canaryBuild('1.0.0'), '--actor', 'ci');
  await release('deploy', 'canary@1.0.0', '--env', 'production', '--path', '/canary', '--label', 'Canary', '--public');
  // Before the bucket has its CORS rules, a page of the host cannot read it.
  expect(await readFromPageOf(deployment.hostUrl)).toBe('refused');
  const cors = await release('cors', '--apply');
  expect(await readFromPageOf(deployment.hostUrl)).toBe('read');
  expect(cors).toContain(deployment.hostUrl);

  // Previews are read from the bucket too (the CSP already allows its origin: an allowed remote origin).
  const configFile = join(deployment.dir, 'nginx', 'config.json');
  const config = JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(
    configFile,
    JSON.stringify({
      ...config,
      previews: { manifestBase: `${bucketUrl}/remotes/_preview/` },
    }),
  );

  const context = await engine.newContext();
  try {
    const page = await context.newPage();
    const fromBucket: string[] = [];
    const failed: string[] = [];
    const fromHost: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.url().startsWith(bucketUrl)) fromBucket.push(new URL(request.url()).pathname);
      if (request.url().startsWith(deployment.hostUrl)) fromHost.push(new URL(request.url()).pathname);
    });
    page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`));
    await page.goto(`${deployment.hostUrl}/canary`);
    expect(await page.getByTestId('canary-release').textContent({ timeout: 15_000 })).toBe('Release 1.0.0');
    expect(fromBucket).toEqual(
      expect.arrayContaining([
        '/releases/web/envs/production/manifest.json',
        '/releases/web/remotes/canary/1.0.0/remoteEntry.js',
      ]),
    );
    expect(failed).toEqual([]);
    // The app's page hinted the manifest the config names: read once (the preload used), and the
    // host's own /remotes.json, which this host never reads, never asked for.
    expect(fromBucket.filter((path) => path.endsWith('/manifest.json'))).toHaveLength(1);
    expect(fromHost).not.toContain('/remotes.json');
    const html = await (await fetch(`${deployment.hostUrl}/canary`)).text();
    expect(html).toMatch(
      new RegExp(
        `<link rel="?preload"? href="?${escapeRegExp(bucketUrl)}/envs/production/manifest\\.json"? as="?fetch`,
      ),
    );

    // A preview made into the same bucket opens from its link, everything else as live.
    const made = await release('preview', canaryBuild('1.1.0'), '--env', 'production', '--ttl', '1h');
    const link = new URL(/^ {2}(http\S+)$/m.exec(made)![1]!);
    const preview = await context.newPage();
    await preview.goto(`${deployment.hostUrl}/canary?${link.searchParams.toString()}`);
    await preview.getByTestId('preview-banner').waitFor({ timeout: 15_000 });
    expect(await preview.getByTestId('canary-release').textContent()).toBe('Release 1.1.0');
    expect(await preview.getByTestId('preview-banner').textContent()).toMatch(/^Preview: canary 1\.1\.0, /);
  } finally {
    await context.close();
  }
}, 300_000);

test('the release console on the bucket: its environments, history, a build verified, the audit log, and a change made elsewhere shown live; no file of the store through it', async () => {
  const service = await serveRelease(STORE, topology(deployment.basePort).releaseService);
  const context = await engine.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${service.url}/`);
    const production = page.getByRole('region', { name: /^production/ });
    await production.getByRole('rowheader', { name: 'canary' }).waitFor({ timeout: 15_000 });
    // Read-only without a provider, and said so.
    await page.getByText(/^Read-only: this service has no sign-in/).waitFor();
    expect(await page.getByRole('button', { name: 'Roll back' }).count()).toBe(0);
    await page.goto(`${service.url}/builds/canary/1.0.0`);
    await page.getByText('verify: every file as published').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('rowheader', { name: 'remoteEntry.js' }).count()).toBe(1);
    await page.goto(`${service.url}/envs/production/history`);
    await page.getByRole('cell', { name: /^deploy canary@1\.0\.0/ }).waitFor({ timeout: 15_000 });
    // A change made with the command line meanwhile shows on the open page, unreloaded.
    await runRelease(STORE, 'publish', canaryBuild('1.1.0'), '--actor', 'ci'); // (said already published if so)
    await release(
      'canary',
      'canary@1.1.0',
      '--env',
      'production',
      '--percent',
      '10',
      '--actor',
      'carol',
      '--reason',
      'try it',
    );
    await page.getByRole('cell', { name: /^canary canary@1\.1\.0 at 10 %/ }).waitFor({ timeout: 15_000 });
    await page.goto(`${service.url}/audit`);
    await page.getByRole('table').first().waitFor({ timeout: 15_000 });
    // The store's own files are never served through it.
    const entry = await fetch(`${service.url}/remotes/canary/1.0.0/remoteEntry.js`);
    expect(await entry.text()).not.toContain(readFileSync(join(canaryBuild('1.0.0'), 'remoteEntry.js'), 'utf8'));
    await release('canary', 'canary', '--env', 'production', '--abort', '--actor', 'carol', '--reason', 'done');
  } finally {
    await context.close();
    await service.stop();
  }
}, 120_000);

test("a page of another origin cannot read the bucket: its CORS rules name the environments' hosts only", async () => {
  expect(await readFromPageOf(deployment.hostUrl)).toBe('read');
  expect(await readFromPageOf(deployment.remotesUrl)).toBe('refused');
}, 120_000);

/** Whether a page of this origin can read the bucket's production manifest. */
async function readFromPageOf(origin: string): Promise<string> {
  const context = await engine.newContext();
  try {
    const page = await context.newPage();
    // Any page of that origin will do (nginx answers one for the remotes' origin too).
    await page.goto(`${origin}/`).catch(() => undefined);
    return await page.evaluate(
      (url) =>
        fetch(url, { cache: 'no-store' }).then(
          (response) => (response.ok ? 'read' : `HTTP ${response.status}`),
          () => 'refused',
        ),
      `${bucketUrl}/envs/production/manifest.json`,
    );
  } finally {
    await context.close();
  }
}
