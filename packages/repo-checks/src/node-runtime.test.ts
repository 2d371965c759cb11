/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The Node.js the README names is the one the project requires and the one its scripts run on.
const root = join(__dirname, '..', '..', '..');
const manifest = (file: string) =>
  JSON.parse(readFileSync(join(root, file), 'utf8')) as {
    name?: string;
    private?: boolean;
    engines?: { node?: string };
    devDependencies?: Record<string, string>;
  };

test("the README's Node.js, the workspace's engines and the Node.js its scripts run on are one major, an LTS the dev provider supports", () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const named = /^With Node\.js (\d+) LTS/m.exec(readme)?.[1];
  const required = /^>=(\d+)\.\d+$/.exec(manifest('package.json').engines?.node ?? '')?.[1];
  const pinned = /^(\d+)\.\d+\.\d+$/.exec(manifest('package.json').devDependencies?.node ?? '')?.[1];
  expect({ named, required, pinned }).toEqual({ named: required, required, pinned: required });
  // oidc-provider (the dev provider) warns on anything before Node 22 "Jod"; even majors are the LTS lines.
  expect(Number(required)).toBeGreaterThanOrEqual(22);
  expect(Number(required) % 2).toBe(0);
  // What the scripts run on is the pinned one (pnpm puts node_modules/.bin first on PATH, and the
  // tools' own shims prefer the node beside them): this test itself runs on it.
  expect(process.versions.node).toBe(manifest('package.json').devDependencies?.node);
});

test('every published package that names a Node.js requires the one the workspace does', () => {
  const files = execFileSync('git', ['ls-files', 'packages/*/package.json'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  const stated = files
    .map((file) => [file, manifest(file).engines?.node] as const)
    .filter(([, engines]) => engines !== undefined);
  expect(stated.length).toBeGreaterThan(0);
  for (const [file, engines] of stated) expect([file, engines]).toEqual([file, manifest('package.json').engines?.node]);
});
