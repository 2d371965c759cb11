/** @jest-environment node */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceMapGenerator } from 'source-map-js';
import { describeFirstScript, packageOf, readFirstScript } from './first-script';

test('a source path is named by its package: a dependency by its name, the workspace by @mfe/<folder>', () => {
  expect(
    packageOf('webpack://@mfe/host/../../node_modules/.pnpm/react-dom@19.3.1/node_modules/react-dom/cjs/x.js'),
  ).toBe('react-dom');
  expect(
    packageOf(
      'webpack://@mfe/host/../../node_modules/.pnpm/@module-federation+sdk@2.9.2/node_modules/@module-federation/sdk/dist/index.esm.js',
    ),
  ).toBe('@module-federation/sdk');
  expect(packageOf('webpack://@mfe/host/./src/startup/start.tsx')).toBe('@mfe/host');
  expect(packageOf('webpack://@mfe/host/../../packages/manifest/src/rules.ts')).toBe('@mfe/manifest');
  expect(packageOf('webpack://@mfe/host/../../apps/host/src/remotes/remote-loader.ts')).toBe('@mfe/host');
  expect(packageOf('webpack://@mfe/host/webpack/runtime/sharing')).toBe('(webpack)');
});

/** A build folder whose index.html loads main.<hash>.js, made of the given sources' code, one line each. */
function build(sources: Record<string, string>): string {
  const dist = mkdtempSync(join(tmpdir(), 'first-script-'));
  const map = new SourceMapGenerator({ file: 'main.0a1b.js' });
  const lines = Object.entries(sources).map(([source, code], at) => {
    map.addMapping({ source, generated: { line: at + 1, column: 0 }, original: { line: 1, column: 0 } });
    return code;
  });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><script defer src="/main.0a1b.js"></script>');
  writeFileSync(join(dist, 'main.0a1b.js'), lines.join('\n'));
  writeFileSync(join(dist, 'main.0a1b.js.map'), map.toString());
  return dist;
}

test("the script's bytes are shared out by package, the platform's own modules listed, an unnamed package found", () => {
  const dist = build({
    'webpack://@mfe/host/../../node_modules/.pnpm/react@19.3.1/node_modules/react/index.js': 'r'.repeat(300),
    'webpack://@mfe/host/./src/startup/start.tsx': 'b'.repeat(200),
    'webpack://@mfe/host/../../packages/manifest/src/rules.ts': 'm'.repeat(100),
    'webpack://@mfe/host/../../node_modules/.pnpm/left-pad@1.3.0/node_modules/left-pad/index.js': 'l'.repeat(50),
  });
  const script = readFirstScript(dist);
  expect(script.file).toBe('main.0a1b.js');
  expect(script.packages.map((part) => [part.name, part.bytes])).toEqual([
    ['react', 300],
    ['@mfe/host', 200],
    ['@mfe/manifest', 100],
    ['left-pad', 50],
  ]);
  expect(script.ownModules.map((part) => part.name)).toEqual([
    '@mfe/host src/startup/start.tsx',
    '@mfe/manifest src/rules.ts',
  ]);
  expect(script.unexpected).toEqual(['left-pad']);
  const table = describeFirstScript(script);
  expect(table).toMatch(/the platform's own code \(@mfe\/…\) 0\.3 KiB of it \(46 %\)/);
  expect(table).toMatch(/\| left-pad \| 0\.0 \| 7\.7 % \| .* \| \*\*not named: may it be here\?\*\* \|/);
});

test('a folder with no built host says to build it', () => {
  const dist = mkdtempSync(join(tmpdir(), 'first-script-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html>');
  expect(() => readFirstScript(dist)).toThrow(/loads no main\.<hash>\.js: build the host first \(pnpm build\)/);
});
