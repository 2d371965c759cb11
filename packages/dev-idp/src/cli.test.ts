/**
 * @jest-environment node
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

jest.setTimeout(60_000);

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The provider's own command, until its banner; then what it says and how to stop it. */
async function startCli(...args: string[]) {
  const [port, apiPort] = [await freePort(), await freePort()];
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(__dirname, 'cli.ts'), '--port', String(port), '--api-port', String(apiPort), ...args],
    { stdio: ['ignore', 'pipe', 'pipe'], cwd: join(__dirname, '..') },
  );
  let said = '';
  child.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('demo user')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the provider exited ${code}: ${said}`)));
  });
  return {
    issuer: `http://localhost:${port}`,
    said: () => said,
    stop: () => new Promise<void>((resolve) => child.once('exit', () => resolve()).kill('SIGTERM')),
  };
}

/** The provider's answer to a console's sign-in request: a login (303) if it knows the console, else a refusal. */
const askToSignIn = (issuer: string, consoleOrigin: string) =>
  fetch(
    `${issuer}/auth?${new URLSearchParams({
      client_id: 'mfe-release-console',
      redirect_uri: `${consoleOrigin}/auth/callback`,
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    })}`,
    { redirect: 'manual' },
  );

test('the provider run on its own registers a release console given with --console, and only that one', async () => {
  const provider = await startCli('--console', 'http://localhost:4400');
  try {
    expect(provider.said()).toContain(
      'release console at http://localhost:4400: --client-id mfe-release-console --audience http://localhost:4400/api',
    );
    expect((await askToSignIn(provider.issuer, 'http://localhost:4400')).status).toBe(303);
    // A newcomer's first run reads no warning meant for whoever deploys oidc-provider for real.
    expect(provider.said()).not.toContain('oidc-provider WARNING');
    expect((await askToSignIn(provider.issuer, 'http://localhost:4401')).status).toBe(400);
  } finally {
    await provider.stop();
  }
  const without = await startCli();
  try {
    expect((await askToSignIn(without.issuer, 'http://localhost:4400')).status).toBe(400);
  } finally {
    await without.stop();
  }
});
