import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// A scaffolded area turned into one that renders in a root of its own on a React major of the
// team's choice (decision 0019): the preset's `mount: 'own-root'`, `defineReactRootArea`, its own
// react and react-dom, and no contribution (a contribution renders in the host's tree). The same
// steps serve the in-repository scaffold and the standalone one, after their templates are written.

/** React releases the scaffold names exactly (the newest of each major it was tested with); others get `^<major>.0.0`. */
const KNOWN_REACT: Readonly<Record<number, string>> = { 18: '18.3.1' };

export const reactVersionFor = (major: number): string => KNOWN_REACT[major] ?? `^${major}.0.0`;

/** Rewrites the written app in `appDir` to render in a root of its own with React `major`. Returns the files changed or removed. */
export function makeOwnRoot(appDir: string, major: number): string[] {
  return [
    ...ownRootBuild(appDir),
    ...reactRootModule(appDir),
    ...ownReact(appDir, major),
    ...withoutContributions(appDir),
  ];
}

/** The build: `mount: 'own-root'`, and no server build (an own-root area is not prerendered). */
function ownRootBuild(appDir: string): string[] {
  const file = join(appDir, 'webpack.config.js');
  const text = readFileSync(file, 'utf8')
    .replace(
      /remoteConfig\(\{ appDir: __dirname, name: ('[a-z0-9_]+'), mode: argv\.mode \}\)/,
      (_all, name: string) => `remoteConfig({ appDir: __dirname, name: ${name}, mode: argv.mode, mount: 'own-root' })`,
    )
    .replace(/\[(remoteConfig\(\{[^}]*\}\)), remoteServerConfig\(\{[^}]*\}\)\]/, '$1')
    .replace('{ remoteConfig, remoteServerConfig }', '{ remoteConfig }')
    // The template's word on the server build no longer holds.
    .replace(/\n\/\/ The browser build, and the server build[^\n]*(?:\n\/\/[^\n]*)*/, '');
  if (!text.includes("mount: 'own-root'") || text.includes('remoteServerConfig('))
    throw new Error(`${file} is not the template's: add mount: 'own-root' to its remoteConfig yourself.`);
  writeFileSync(
    file,
    `// Rendered in a root of its own with its own React (decision 0019): nothing shared with the host,\n// no server build (its pages render in the browser).\n${text}`,
  );
  return ['webpack.config.js'];
}

function reactRootModule(appDir: string): string[] {
  const file = join(appDir, 'src', 'remote.tsx');
  const text = readFileSync(file, 'utf8')
    .replace(
      "import { defineRemote } from '@mfe/context';",
      "import { defineReactRootArea } from '@mfe/context/react-root';",
    )
    .replace('export default defineRemote(', 'export default defineReactRootArea(');
  writeFileSync(file, text);
  return ['src/remote.tsx'];
}

/** Its own react and react-dom, of the chosen major, as dependencies (bundled into its build). */
function ownReact(appDir: string, major: number): string[] {
  const file = join(appDir, 'package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
    mfe?: { contributions?: unknown };
  };
  const version = reactVersionFor(major);
  delete pkg.devDependencies['react-dom'];
  pkg.dependencies = Object.fromEntries(
    Object.entries({ ...pkg.dependencies, react: version, 'react-dom': version }).sort(([a], [b]) =>
      a.localeCompare(b),
    ),
  );
  if (pkg.mfe) delete pkg.mfe.contributions;
  writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
  return ['package.json'];
}

/** The example contribution and the browser test's part about it. */
function withoutContributions(appDir: string): string[] {
  const changed: string[] = [];
  if (existsSync(join(appDir, 'src', 'contributions'))) {
    rmSync(join(appDir, 'src', 'contributions'), { recursive: true });
    changed.push('src/contributions/');
  }
  const e2eDir = join(appDir, 'e2e');
  for (const name of existsSync(e2eDir) ? readdirSync(e2eDir) : []) {
    const file = join(e2eDir, name);
    const text = readFileSync(file, 'utf8');
    const cut = text.replace(/\n {2}\/\/ Its example contribution:[\s\S]*?(?=\n\}\);)/, '');
    if (cut !== text) {
      writeFileSync(file, cut);
      changed.push(`e2e/${name}`);
    }
  }
  return changed;
}
