/**
 * @jest-environment node
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { shellStylesheet } = require('./shell-stylesheet.js') as {
  shellStylesheet(file: string, mode?: string): { href: string; copy: Array<{ from: string; to: string }> };
};

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'mfe-shell-css-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('a production page names the shell stylesheet by its content, and the build copies it under that name', () => {
  const file = join(dir, 'host.css');
  writeFileSync(file, 'body { margin: 0 }');
  const first = shellStylesheet(file, 'production');
  expect(first.href).toMatch(/^\/host\.[0-9a-f]{8}\.css$/);
  expect(first.copy).toEqual([{ from: file, to: first.href.slice(1) }]);
  // The same content keeps its name (cached for good); new content gets a new one.
  expect(shellStylesheet(file, 'production').href).toBe(first.href);
  writeFileSync(file, 'body { margin: 1px }');
  expect(shellStylesheet(file, 'production').href).not.toBe(first.href);
});

test('a development page, or an app without the file, names it plainly and copies nothing more', () => {
  const file = join(dir, 'host.css');
  writeFileSync(file, 'body { margin: 0 }');
  expect(shellStylesheet(file, 'development')).toEqual({ href: '/host.css', copy: [] });
  expect(shellStylesheet(join(dir, 'missing.css'), 'production')).toEqual({ href: '/missing.css', copy: [] });
});
