/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The Node.js the README names is the one the project requires, one the dev provider supports, and
// the one these tests run on.
const root = join(__dirname, '..', '..', '..');
const manifest = (file: string) =>
  JSON.parse(readFileSync(join(root, file), 'utf8')) as { engines?: { node?: string } };
const required = () => /^>=(\d+)\.\d+$/.exec(manifest('package.json').engines?.node ?? '')?.[1];

test("the README's Node.js is the workspace's engines, an LTS the dev provider supports, and what runs the tests", () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const named = /^With Node\.js (\d+) LTS/m.exec(readme)?.[1];
  expect(named).toBe(required());
  // The README's way round an older Node.js fetches that very major.
  expect(readme).toContain(`npx -y -p node@${named} -p pnpm@`);
  // oidc-provider (the dev provider) warns on anything before Node 22 "Jod"; even majors are the LTS lines.
  expect(Number(required())).toBeGreaterThanOrEqual(22);
  expect(Number(required()) % 2).toBe(0);
  expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(Number(required()));
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
