/**
 * @jest-environment node
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { startHost, tempDir, writeBuild } from './testing/world';

// The command as a pipeline runs it: its exit codes, what it prints, and what it leaves in the store.
jest.setTimeout(120_000);
let host: Awaited<ReturnType<typeof startHost>>;
let storeDir = '';
const builds = tempDir('cli-builds');

beforeAll(async () => {
  host = await startHost(() => storeDir);
});
afterAll(() => host.close());

function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(__dirname, 'cli.ts'), ...args, '--store', storeDir],
      { cwd: join(__dirname, '..') },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, out: stdout, err: stderr });
      },
    );
  });
}

/** Every file of the store and its bytes: to prove a command changed nothing. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[path.slice(dir.length)] = readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return files;
}

async function storeWithThreeDeploys() {
  storeDir = tempDir('cli-store');
  expect((await cli('init', '--public-url', `${host.url}/remotes`, '--host', `production=${host.url}`)).code).toBe(0);
  for (const version of ['1.0.0', '1.1.0', '1.2.0', '1.3.0'])
    expect((await cli('publish', writeBuild(builds, 'referrals', version), '--actor', 'ci')).code).toBe(0);
  expect(
    (
      await cli(
        'deploy',
        'referrals@1.0.0',
        '--env',
        'production',
        '--path',
        '/referrals',
        '--label',
        'Referrals',
        '--actor',
        'alice',
      )
    ).code,
  ).toBe(0);
  expect((await cli('deploy', 'referrals@1.1.0', '--env', 'production', '--actor', 'alice')).code).toBe(0);
  expect((await cli('deploy', 'referrals@1.2.0', '--env', 'production', '--actor', 'alice')).code).toBe(0);
}

test('--dry-run checks and prints the plan and changes nothing in the store', async () => {
  await storeWithThreeDeploys();
  const before = snapshot(storeDir);
  const planned = await cli('deploy', 'referrals@1.3.0', '--env', 'production', '--dry-run', '--actor', 'alice');
  expect(planned).toMatchObject({
    code: 0,
    out: 'dry run: production would become revision 4: deploy referrals@1.3.0 (checked as its host will read it; nothing was changed)\n  ~ referrals 1.2.0 → 1.3.0\n',
  });
  expect((await cli('rollback', '--env', 'production', '--dry-run')).out).toMatch(
    /^dry run: production would become revision 4: rollback to #2/,
  );
  expect(snapshot(storeDir)).toEqual(before);
});

test('--expect refuses when the environment moved since, naming where it is, and changes nothing', async () => {
  await storeWithThreeDeploys();
  const before = snapshot(storeDir);
  const refused = await cli('rollback', '--env', 'production', '--expect', '2', '--actor', 'carol');
  expect(refused).toMatchObject({
    code: 1,
    err: expect.stringContaining('production is at revision 3, not 2 as expected: nothing was changed'),
  });
  // The stable code, for a pipeline to branch on.
  expect(refused.err.trimEnd().split('\n').at(-1)).toBe('  (RELEASE_CONFLICT)');
  const deployRefused = await cli(
    'deploy',
    'referrals@1.3.0',
    '--env',
    'production',
    '--expect',
    '2',
    '--actor',
    'dave',
  );
  expect(deployRefused).toMatchObject({
    code: 1,
    err: expect.stringMatching(
      /production changed since revision 2 while this ran: revision 3 \(deploy referrals@1\.2\.0 by alice\) was made first/,
    ),
  });
  expect(snapshot(storeDir)).toEqual(before);
  expect((await cli('rollback', '--env', 'production', '--expect', '3', '--actor', 'carol')).code).toBe(0);
});

test('two rollbacks in a row step back twice along the lineage, never forward; a third has nothing left', async () => {
  await storeWithThreeDeploys();
  expect((await cli('rollback', '--env', 'production', '--actor', 'carol')).out).toMatch(
    /^✔ production revision 4: rollback to #2\n {2}~ referrals 1\.2\.0 → 1\.1\.0/,
  );
  expect((await cli('rollback', '--env', 'production', '--actor', 'carol')).out).toMatch(
    /^✔ production revision 5: rollback to #1\n {2}~ referrals 1\.1\.0 → 1\.0\.0/,
  );
  expect(await cli('rollback', '--env', 'production', '--actor', 'carol')).toMatchObject({
    code: 1,
    err: expect.stringContaining("production has nothing before revision 5's state to roll back to"),
  });
});

test('exit codes: 0 changed, 1 nothing to do or refused, 2 bad usage', async () => {
  await storeWithThreeDeploys();
  expect(await cli('deploy', 'referrals@1.2.0', '--env', 'production')).toMatchObject({
    code: 1,
    err: expect.stringContaining('production already is so (revision 3); nothing changed'),
  });
  expect((await cli('canary', 'referrals@1.2.0', '--env', 'production', '--percent', '10')).code).toBe(1);
  expect((await cli('deploy', 'referrals@9.9.9', '--env', 'production')).code).toBe(1);
  expect((await cli('deploy', 'referrals@1.3.0', '--env', 'Production!')).code).toBe(2);
  expect((await cli('rollback', '--env', 'production', '--expect', 'yesterday')).code).toBe(2);
  expect((await cli('frobnicate')).code).toBe(2);
  expect((await cli('deploy', 'referrals@1.3.0', '--env', 'production')).code).toBe(0);
});

test('every refusal ends with its stable code: bad usage, a failing verify, an unknown command', async () => {
  await storeWithThreeDeploys();
  const lastLine = (run: { err: string }) => run.err.trimEnd().split('\n').at(-1);
  for (const args of [
    ['deploy', 'referrals@1.3.0', '--env', 'Production!'],
    ['frobnicate'],
    ['rollback', '--env', 'production', '--expect', 'yesterday'],
    ['status', '--no-such-option'],
    [],
  ]) {
    const run = await cli(...args);
    expect([args.join(' '), run.code, lastLine(run)]).toEqual([args.join(' '), 2, '  (RELEASE_USAGE)']);
  }
  writeFileSync(join(storeDir, 'remotes', 'referrals', '1.1.0', 'static', 'chunk.js'), 'alert("changed")');
  const verified = await cli('verify');
  expect([verified.code, lastLine(verified)]).toEqual([1, '  (RELEASE_STORE_ALTERED)']);
});

test('an option the command does not take is refused, naming it and the options the command has, and nothing changes', async () => {
  await storeWithThreeDeploys();
  const before = await cli('history', '--env', 'production', '--json');
  const refused = await cli('deploy', 'referrals@1.1.0', '--env', 'production', '--percent', '5');
  expect(refused.code).toBe(2);
  expect(refused.err).toMatch(/deploy does not take --percent: its own options are --path, --label/);
  expect((await cli('history', '--env', 'production', '--json')).out).toBe(before.out);
  // What every command takes (the store, who, the guards, --json) is taken by all.
  expect((await cli('status', '--env', 'production', '--json', '--actor', 'alice', '--reason', 'look')).code).toBe(0);
  expect((await cli('verify', '--watch')).err).toMatch(/verify does not take --watch\./);
});

test('--json is JSON on every command, refusals included, with the same exit codes', async () => {
  await storeWithThreeDeploys();
  const deployed = await cli('deploy', 'referrals@1.3.0', '--env', 'production', '--json', '--actor', 'alice');
  expect(deployed.code).toBe(0);
  expect(JSON.parse(deployed.out)).toEqual({
    ok: true,
    lines: ['✔ production revision 4: deploy referrals@1.3.0', '  ~ referrals 1.2.0 → 1.3.0'],
  });
  const refused = await cli('deploy', 'referrals@1.3.0', '--env', 'production', '--json');
  expect(refused.code).toBe(1);
  expect(JSON.parse(refused.out)).toMatchObject({ ok: false, code: 'RELEASE_NOTHING_TO_DO' });
  const misused = await cli('deploy', 'referrals@1.3.0', '--env', 'Production!', '--json');
  expect(misused.code).toBe(2);
  expect(JSON.parse(misused.out)).toMatchObject({ ok: false, code: 'RELEASE_USAGE' });
  expect(JSON.parse((await cli('verify', '--json')).out)).toMatchObject({ ok: true });
  expect(JSON.parse((await cli('audit', '--json')).out)).toEqual(expect.any(Array));
});

test("a rollout watched to its end says how it ended on its last line and exits with that ending's own status; status --json says it too", async () => {
  await storeWithThreeDeploys();
  // Prometheus answering, with no figures yet (the rollout waits at its first share).
  const prometheus = createServer((_req, res) =>
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ status: 'success', data: { resultType: 'vector', result: [] } })),
  );
  await new Promise<void>((resolve) => prometheus.listen(0, '127.0.0.1', resolve));
  const prometheusUrl = `http://127.0.0.1:${(prometheus.address() as AddressInfo).port}`;
  const lastLine = (run: { out: string }) => run.out.trimEnd().split('\n').at(-1);
  try {
    const start = () =>
      cli(
        'rollout',
        'start',
        'referrals@1.3.0',
        '--env',
        'production',
        '--prometheus',
        prometheusUrl,
        '--actor',
        'alice',
      );
    expect((await start()).code).toBe(0);
    const running = JSON.parse((await cli('rollout', 'status', 'referrals', '--env', 'production', '--json')).out);
    expect(running).toMatchObject({
      env: 'production',
      remote: 'referrals',
      version: '1.3.0',
      status: 'running',
      percent: 5,
      ending: null,
    });
    expect((await cli('rollout', 'abort', 'referrals', '--env', 'production', '--actor', 'bob')).code).toBe(0);
    const aborted = await cli('rollout', 'watch', 'referrals', '--env', 'production');
    expect([aborted.code, lastLine(aborted)]).toEqual([4, '  (RELEASE_ROLLOUT_ABORTED)']);
    expect(
      JSON.parse((await cli('rollout', 'status', 'referrals', '--env', 'production', '--json')).out),
    ).toMatchObject({
      status: 'aborted',
      ending: { code: 'RELEASE_ROLLOUT_ABORTED', exit: 4 },
    });
    // A person's deploy stops the next one.
    expect((await start()).code).toBe(0);
    expect((await cli('deploy', 'referrals@1.1.0', '--env', 'production', '--actor', 'bob')).code).toBe(0);
    const stopped = await cli('rollout', 'watch', 'referrals', '--env', 'production', '--json');
    expect(stopped.code).toBe(5);
    expect(JSON.parse(stopped.out)).toMatchObject({
      ok: false,
      status: 'stopped',
      ending: { code: 'RELEASE_ROLLOUT_STOPPED', exit: 5 },
    });
  } finally {
    await new Promise((resolve) => prometheus.close(resolve));
  }
});

test('history, status and diff as JSON for pipelines', async () => {
  await storeWithThreeDeploys();
  const history = JSON.parse((await cli('history', '--env', 'production', '--json')).out) as Array<{
    revision: number;
    parent: number;
    actor: string;
    action: { verb: string; version?: string };
    description: string;
  }>;
  expect(
    history.map(({ revision, parent, actor, action, description }) => ({
      revision,
      parent,
      actor,
      verb: action.verb,
      version: action.version,
      description,
    })),
  ).toEqual([
    { revision: 1, parent: 0, actor: 'alice', verb: 'deploy', version: '1.0.0', description: 'deploy referrals@1.0.0' },
    { revision: 2, parent: 1, actor: 'alice', verb: 'deploy', version: '1.1.0', description: 'deploy referrals@1.1.0' },
    { revision: 3, parent: 2, actor: 'alice', verb: 'deploy', version: '1.2.0', description: 'deploy referrals@1.2.0' },
  ]);
  expect(JSON.parse((await cli('status', '--env', 'production', '--json')).out)).toMatchObject({
    environments: [
      {
        env: 'production',
        revision: 3,
        remotes: [{ name: 'referrals', version: '1.2.0', path: '/referrals', canary: null }],
      },
    ],
  });
  expect(JSON.parse((await cli('diff', '--env', 'production', '1', '3', '--json')).out)).toEqual({
    env: 'production',
    from: '1',
    to: '3',
    changes: ['~ referrals 1.0.0 → 1.2.0'],
  });
});

test('verify finds a stored file that was altered, and publishing that version again refuses it', async () => {
  await storeWithThreeDeploys();
  expect(await cli('verify')).toMatchObject({
    code: 0,
    out: '✔ 4 published builds in ' + storeDir + ': every file as published\n',
  });
  const altered = join(storeDir, 'remotes', 'referrals', '1.1.0', 'static', 'chunk.js');
  writeFileSync(altered, 'alert("changed in the store")');
  const verified = await cli('verify');
  expect(verified).toMatchObject({
    code: 1,
    err: expect.stringContaining('remotes/referrals/1.1.0/static/chunk.js: changed'),
  });
  expect(verified.err).toContain('1 stored file differs from what was published (of 4 builds)');
  expect((await cli('verify', 'referrals@1.0.0')).code).toBe(0);
  // A file added to a stored build (it would be served as if published) is found too.
  writeFileSync(join(storeDir, 'remotes', 'referrals', '1.0.0', 'static', 'extra.js'), 'alert("planted")');
  expect(await cli('verify', 'referrals@1.0.0')).toMatchObject({
    code: 1,
    err: expect.stringContaining('remotes/referrals/1.0.0/static/extra.js: added'),
  });
  // Re-publishing the original build does not vouch for the altered copy.
  const dist = writeBuild(builds, 'referrals', '1.1.0');
  expect(await cli('publish', dist, '--actor', 'ci')).toMatchObject({
    code: 1,
    err: expect.stringContaining(
      "referrals@1.1.0 is published, but the store's copy differs from what was published: remotes/referrals/1.1.0/static/chunk.js changed",
    ),
  });
});

test('an environment that requires a reason refuses a change without one, as bad usage, and records the one given', async () => {
  await storeWithThreeDeploys();
  expect((await cli('init', '--public-url', `${host.url}/remotes`, '--require-reason', 'production')).out).toContain(
    'production: checked against the host at',
  );
  expect(await cli('rollback', '--env', 'production', '--actor', 'carol')).toMatchObject({
    code: 2,
    err: expect.stringContaining('Every change to production is recorded with why: give --reason'),
  });
  expect((await cli('rollback', '--env', 'production', '--actor', 'carol', '--reason', 'errors up')).code).toBe(0);
  expect((await cli('history', '--env', 'production')).out).toMatch(
    /#4 \S+ carol: rollback to #2 \[referrals 1\.2\.0 → 1\.1\.0\] — errors up\n$/,
  );
});

test('the audit log records a changed public URL, a preview and what gc removed; gc keeps every build a recent revision uses', async () => {
  await storeWithThreeDeploys();
  expect(
    (await cli('init', '--public-url', 'https://cdn.example.com/remotes', '--actor', 'erin', '--reason', 'new CDN'))
      .code,
  ).toBe(0);
  expect((await cli('init', '--public-url', `${host.url}/remotes`, '--actor', 'erin', '--reason', 'back')).code).toBe(
    0,
  );
  expect(
    (
      await cli(
        'preview',
        writeBuild(builds, 'referrals', '2.0.0-pr.1'),
        '--env',
        'production',
        '--ttl',
        '1s',
        '--actor',
        'dana',
      )
    ).code,
  ).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  // 1.3.0 is published and used by no revision; 1.0.0–1.2.0 are all within the last 2 revisions' reach only in part.
  // With no grace: builds published a moment ago are not kept for that (the default keeps a week's).
  expect((await cli('gc', '--keep-revisions', '2', '--dry-run')).out).not.toContain('would remove referrals@');
  const planned = await cli('gc', '--keep-revisions', '2', '--grace', '0s', '--dry-run');
  expect(planned.out).toMatch(
    /^dry run: nothing was removed\nwould remove expired preview remotes\/_preview\/[\w-]+\.json\n/,
  );
  expect(planned.out).toContain('would remove referrals@1.0.0');
  expect(planned.out).toContain('would remove referrals@1.3.0');
  expect(planned.out).not.toMatch(/referrals@1\.[12]\.0/);
  expect((await cli('gc', '--keep-revisions', '2', '--grace', '0s', '--actor', 'ops')).out).toMatch(
    /^✔ removed 1 expired preview\(s\) and 3 unused build\(s\)/,
  );
  // A rollback within the window still finds its build.
  expect((await cli('rollback', '--env', 'production', '--actor', 'carol')).code).toBe(0);
  expect(await cli('verify')).toMatchObject({ code: 0 });
  const audit = (await cli('audit')).out.trim().split('\n');
  expect(audit.map((line) => line.replace(/^\S+ /, ''))).toEqual([
    expect.stringMatching(/^\S+ settings: store set up, builds served from http:\/\/127\.0\.0\.1:\d+\/remotes$/),
    expect.stringMatching(
      /^erin settings: public URL http:\/\/127\.0\.0\.1:\d+\/remotes → https:\/\/cdn\.example\.com\/remotes — new CDN$/,
    ),
    expect.stringMatching(
      /^erin settings: public URL https:\/\/cdn\.example\.com\/remotes → http:\/\/127\.0\.0\.1:\d+\/remotes — back$/,
    ),
    expect.stringMatching(/^dana preview: preview of referrals@2\.0\.0-pr\.1 on production until /),
    'ops gc: removed 1 expired preview(s) and 3 unused build(s)',
  ]);
});

test('a whole release replayed from the history: every change, canary steps included, with who, why, what and from where', async () => {
  storeDir = tempDir('cli-replay');
  const run = async (...args: string[]) => {
    const result = await cli(...args);
    expect(`${result.code} ${result.err}`).toBe('0 ');
  };
  await run(
    'init',
    '--public-url',
    `${host.url}/remotes`,
    '--host',
    `staging=${host.url}`,
    '--host',
    `production=${host.url}`,
  );
  for (const version of ['1.0.0', '1.1.0', '1.2.0'])
    await run('publish', writeBuild(builds, 'referrals', version), '--actor', 'ci');
  // What happened, in order: the environment, the command, who and why.
  const steps: Array<[env: string, args: string[], actor: string, reason: string]> = [
    ['staging', ['deploy', 'referrals@1.0.0', '--path', '/referrals', '--label', 'Referrals'], 'alice', 'first'],
    ['production', ['promote', '--from', 'staging'], 'bob', 'ship it'],
    ['production', ['canary', 'referrals@1.1.0', '--percent', '10'], 'carol', 'try the list'],
    ['production', ['canary', 'referrals', '--percent', '50'], 'carol', 'looks fine'],
    ['production', ['canary', 'referrals', '--promote'], 'carol', 'healthy'],
    ['production', ['rollback'], 'dave', 'errors up'],
    ['production', ['canary', 'referrals@1.2.0', '--percent', '25'], 'erin', 'the fix'],
    ['production', ['canary', 'referrals', '--abort'], 'erin', 'not yet'],
  ];
  for (const [env, args, actor, reason] of steps)
    await run(
      ...args,
      ...(args[0] === 'promote' ? ['--to', env] : ['--env', env]),
      '--actor',
      actor,
      '--reason',
      reason,
    );

  const history = async (env: string) =>
    (
      JSON.parse((await cli('history', '--env', env, '--json')).out) as Array<{
        revision: number;
        parent: number;
        actor: string;
        reason: string;
        action: Record<string, unknown>;
      }>
    ).map(({ revision, parent, actor, reason, action }) => ({ revision, parent, actor, reason, ...action }));
  expect(await history('staging')).toEqual([
    { revision: 1, parent: 0, actor: 'alice', reason: 'first', verb: 'deploy', remote: 'referrals', version: '1.0.0' },
  ]);
  expect(await history('production')).toEqual([
    {
      revision: 1,
      parent: 0,
      actor: 'bob',
      reason: 'ship it',
      verb: 'promote',
      from: 'staging',
      fromRevision: 1,
      remotes: ['referrals'],
    },
    {
      revision: 2,
      parent: 1,
      actor: 'carol',
      reason: 'try the list',
      verb: 'canary',
      remote: 'referrals',
      version: '1.1.0',
      percent: 10,
    },
    {
      revision: 3,
      parent: 2,
      actor: 'carol',
      reason: 'looks fine',
      verb: 'canary',
      remote: 'referrals',
      version: '1.1.0',
      percent: 50,
    },
    {
      revision: 4,
      parent: 3,
      actor: 'carol',
      reason: 'healthy',
      verb: 'canary-promote',
      remote: 'referrals',
      version: '1.1.0',
    },
    {
      revision: 5,
      parent: 4,
      actor: 'dave',
      reason: 'errors up',
      verb: 'rollback',
      canariesLeftOut: ['referrals@1.1.0 at 50 %'],
      to: 3,
    },
    {
      revision: 6,
      parent: 5,
      actor: 'erin',
      reason: 'the fix',
      verb: 'canary',
      remote: 'referrals',
      version: '1.2.0',
      percent: 25,
    },
    {
      revision: 7,
      parent: 6,
      actor: 'erin',
      reason: 'not yet',
      verb: 'canary-abort',
      remote: 'referrals',
      version: '1.2.0',
    },
  ]);
});
