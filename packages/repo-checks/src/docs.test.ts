/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { headings, PNPM_COMMANDS, pnpmCommands, relativeLinks } from './markdown';

const root = join(__dirname, '..', '..', '..');
const documents = execFileSync('git', ['ls-files', '*.md'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(
    (file) => file && !file.startsWith('.changeset/') && !file.includes('/templates/') && !file.includes('CHANGELOG'),
  );

/** Scripts of each workspace package, by name, and of the root. */
const scripts = new Map<string, Set<string>>();
for (const file of execFileSync('git', ['ls-files', 'package.json', '*/package.json'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean)) {
  const manifest = JSON.parse(readFileSync(join(root, file), 'utf8')) as {
    name?: string;
    scripts?: Record<string, string>;
  };
  scripts.set(
    file === 'package.json' ? '(root)' : (manifest.name ?? file),
    new Set(Object.keys(manifest.scripts ?? {})),
  );
}

test('there are documents to check', () => {
  expect(documents).toEqual(expect.arrayContaining(['README.md', 'docs/operations/production.md']));
});

test.each(documents)('%s: every relative link resolves (files, folders and headings)', (file) => {
  const text = readFileSync(join(root, file), 'utf8');
  const broken: string[] = [];
  for (const { target, line } of relativeLinks(text)) {
    const [path = '', anchor] = target.split('#');
    const resolved = path ? join(dirname(join(root, file)), decodeURIComponent(path)) : join(root, file);
    if (!existsSync(resolved)) broken.push(`line ${line}: ${target} (no ${relative(root, resolved)})`);
    else if (anchor && resolved.endsWith('.md') && !headings(readFileSync(resolved, 'utf8')).includes(anchor))
      broken.push(`line ${line}: ${target} (no heading "${anchor}")`);
  }
  expect(broken).toEqual([]);
});

test.each(documents)('%s: every pnpm script it names exists where it runs', (file) => {
  const text = readFileSync(join(root, file), 'utf8');
  const missing: string[] = [];
  for (const { script, filter, line } of pnpmCommands(text)) {
    if (!filter && PNPM_COMMANDS.has(script)) continue;
    // A command written in a package's README runs there when it names no filter.
    const inPackage =
      !filter && file !== 'README.md' && !file.startsWith('docs/')
        ? (JSON.parse(readFileSync(join(root, dirname(file), 'package.json'), 'utf8')).name as string)
        : undefined;
    const where = filter ?? '(root)';
    const known = scripts.get(where)?.has(script) || (inPackage !== undefined && scripts.get(inPackage)?.has(script));
    if (!known && !(filter && !scripts.has(filter)))
      missing.push(`line ${line}: pnpm ${filter ? `--filter ${filter} ` : ''}${script}`);
  }
  expect(missing).toEqual([]);
});

test("the ship guide's table of where the toolkit comes from lists exactly the packages the platform publishes", () => {
  const guide = readFileSync(join(root, 'docs', 'guides', 'ship-a-feature-area.md'), 'utf8');
  const table = guide.slice(guide.indexOf('<!-- published toolkit -->'), guide.indexOf('<!-- /published toolkit -->'));
  const listed = [...table.matchAll(/^\| `(@mfe\/[a-z-]+)` /gm)].map((match) => match[1]).sort();
  const publishScript = (
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts['packages:publish']!;
  // The step that builds and publishes them (an earlier step may build one's parts, such as the console).
  const publishing = publishScript.split('&&').find((step) => step.trim().endsWith(' build'))!;
  const published = [...publishing.matchAll(/--filter (@mfe\/[a-z-]+)/g)].map((match) => match[1]).sort();
  expect(listed).toEqual(published);
  expect(published.length).toBeGreaterThan(0);
});

test('the README is a front door under 15 KB: results live in docs/benchmarks/, not in it', () => {
  const readme = readFileSync(join(root, 'README.md'));
  expect(readme.length).toBeLessThan(15 * 1024);
  // Its budgets link their latest figures instead of carrying them.
  expect(readme.toString()).toContain('(docs/benchmarks/README.md)');
  expect(readFileSync(join(root, 'docs', 'benchmarks', 'README.md'), 'utf8')).toMatch(/^# Benchmark results/);
});
