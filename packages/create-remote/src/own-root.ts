import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// A scaffolded area turned into one that renders in a root of its own (decision 0019): on a React
// major of the team's choice (`defineReactRootArea`, its own react and react-dom), or without React
// (`defineMountedArea`, plain DOM). Either way the preset's `mount: 'own-root'` and no contribution
// (a contribution renders in the host's tree). The same steps serve the in-repository scaffold and the
// standalone one, after their templates are written.

/** The files an area without React has instead of the React template's components. */
export const PLAIN_TEMPLATE_DIR = join(__dirname, '..', 'template-plain');

/** React releases the scaffold names exactly (the newest of each major it was tested with); others get `^<major>.0.0`. */
const KNOWN_REACT: Readonly<Record<number, string>> = { 18: '18.3.1' };

export const reactVersionFor = (major: number): string => KNOWN_REACT[major] ?? `^${major}.0.0`;

/** Rewrites the written app in `appDir` to render in a root of its own with React `major`. */
export function makeOwnRoot(appDir: string, major: number): void {
  ownRootBuild(appDir);
  reactRootModule(appDir);
  ownReact(appDir, major);
  withoutContributions(appDir);
}

/**
 * Rewrites the written app in `appDir` to render without React: the plain template's `src/` files
 * (filled by `fill`) in place of the React components, and no React in its dependencies. Returns the
 * files it wrote there.
 */
export function makePlain(appDir: string, fill: (text: string) => string): string[] {
  const written = plainSources(appDir, fill);
  withoutReact(appDir);
  ownRootBuild(appDir);
  withoutContributions(appDir);
  return written;
}

type PackageJson = {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  mfe?: { contributions?: unknown };
};

/** Reads the app's package.json, lets `change` edit it, and writes it back. */
function editPackage(appDir: string, change: (pkg: PackageJson) => void): void {
  const file = join(appDir, 'package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
  change(pkg);
  writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
}

/**
 * The plain template's sources in place of the React template's components, and the catalogues
 * without the example contribution's text (the plain messages do not declare it).
 */
function plainSources(appDir: string, fill: (text: string) => string): string[] {
  const src = join(appDir, 'src');
  for (const file of [
    'App.tsx',
    'App.test.tsx',
    'App.css',
    'badge.svg',
    'remote.tsx',
    'messages.ts',
    'messages.test.ts',
  ])
    rmSync(join(src, file), { force: true });
  const locales = join(src, 'locales');
  for (const file of existsSync(locales) ? readdirSync(locales) : []) {
    const catalogue = JSON.parse(readFileSync(join(locales, file), 'utf8')) as Record<string, string>;
    for (const id of Object.keys(catalogue)) if (id.endsWith('.homeTile')) delete catalogue[id];
    writeFileSync(join(locales, file), `${JSON.stringify(catalogue, null, 2)}\n`);
  }
  return readdirSync(join(PLAIN_TEMPLATE_DIR, 'src')).map((file) => {
    const name = file.replace(/\.tmpl$/, '');
    writeFileSync(join(src, name), fill(readFileSync(join(PLAIN_TEMPLATE_DIR, 'src', file), 'utf8')));
    return `src/${name}`;
  });
}

/** No React, router or their test libraries among its packages. */
function withoutReact(appDir: string): void {
  editPackage(appDir, (pkg) => {
    for (const name of ['react', 'react-router']) delete pkg.dependencies[name];
    for (const name of ['react-dom', '@testing-library/react', '@testing-library/dom', '@types/react'])
      delete pkg.devDependencies[name];
  });
}

/** The build: `mount: 'own-root'`, and no server build (an own-root area is not prerendered). */
function ownRootBuild(appDir: string): void {
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
}

function reactRootModule(appDir: string): void {
  const file = join(appDir, 'src', 'remote.tsx');
  const text = readFileSync(file, 'utf8')
    .replace(
      "import { defineRemote } from '@mfe/context';",
      "import { defineReactRootArea } from '@mfe/context/react-root';",
    )
    .replace('export default defineRemote(', 'export default defineReactRootArea(');
  writeFileSync(file, text);
}

/** Its own react and react-dom, of the chosen major, as dependencies (bundled into its build). */
function ownReact(appDir: string, major: number): void {
  const version = reactVersionFor(major);
  editPackage(appDir, (pkg) => {
    delete pkg.devDependencies['react-dom'];
    pkg.dependencies = Object.fromEntries(
      Object.entries({ ...pkg.dependencies, react: version, 'react-dom': version }).sort(([a], [b]) =>
        a.localeCompare(b),
      ),
    );
  });
}

/** The example contribution: its module, its place in the package's `mfe` block, and the browser test's part about it. */
function withoutContributions(appDir: string): void {
  rmSync(join(appDir, 'src', 'contributions'), { recursive: true, force: true });
  editPackage(appDir, (pkg) => {
    if (pkg.mfe) delete pkg.mfe.contributions;
  });
  const e2eDir = join(appDir, 'e2e');
  for (const name of existsSync(e2eDir) ? readdirSync(e2eDir) : []) {
    const file = join(e2eDir, name);
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(/\n {2}\/\/ Its example contribution:[\s\S]*?(?=\n\}\);)/, ''),
    );
  }
}
