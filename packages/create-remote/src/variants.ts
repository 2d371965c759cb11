import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RemotePlan } from './remote-plan';
import { editPackageJson, type PackageJson, withPackages, writeTemplate } from './template';

// The template's variants (`--react <major>`, `--react none`; decision 0019): each is overlay folders
// written over the template, the template's files it has no use for, and edits of its package.json.
// Both render in a root of their own: the preset's `mount: 'own-root'`, no server build, and no
// contribution (a contribution renders in the host's tree).

const VARIANTS_DIR = join(__dirname, '..', 'variants');

/** Which scaffold wrote the template: this repository's (`apps/<name>`), or a repository of the area's own. */
export type Scaffold = 'repository' | 'standalone';

/** React releases the scaffold names exactly (the newest of each major it was tested with); others get `^<major>.0.0`. */
const KNOWN_REACT: Readonly<Record<number, string>> = { 18: '18.3.1' };

const reactVersionFor = (major: number): string => KNOWN_REACT[major] ?? `^${major}.0.0`;

interface Variant {
  /** Folders under variants/ written over the template, in order. */
  readonly overlays: readonly string[];
  /** The template's files and folders (relative to the area) the variant has no use for. */
  readonly remove: readonly string[];
  readonly editPackage: (pkg: PackageJson) => void;
  /** Message ids the variant's messages no longer declare, taken out of the catalogues. */
  readonly dropMessages?: RegExp;
}

/** What every variant renders without: the example contribution, its module and its text in the browser test. */
const OWN_ROOT = {
  remove: ['src/contributions'],
  overlays: (scaffold: Scaffold) => (scaffold === 'repository' ? ['own-root'] : ['own-root-standalone']),
};

function variantOf(react: number | 'none', scaffold: Scaffold): Variant {
  if (react === 'none')
    return {
      overlays: [...OWN_ROOT.overlays(scaffold), 'none'],
      remove: [
        ...OWN_ROOT.remove,
        ...['App.tsx', 'App.test.tsx', 'App.css', 'badge.svg', 'remote.tsx', 'messages.ts', 'messages.test.ts'].map(
          (file) => `src/${file}`,
        ),
      ],
      editPackage: (pkg) => {
        withoutContributions(pkg);
        for (const name of ['react', 'react-router']) delete pkg.dependencies[name];
        for (const name of ['react-dom', '@testing-library/react', '@testing-library/dom', '@types/react'])
          delete pkg.devDependencies[name];
      },
      dropMessages: /\.homeTile$/,
    };
  return {
    overlays: [...OWN_ROOT.overlays(scaffold), 'react-root'],
    remove: OWN_ROOT.remove,
    editPackage: (pkg) => {
      withoutContributions(pkg);
      // Its own react and react-dom of the chosen major, as dependencies (bundled into its build).
      const version = reactVersionFor(react);
      delete pkg.devDependencies['react-dom'];
      pkg.dependencies = withPackages(pkg.dependencies, { react: version, 'react-dom': version });
    },
  };
}

function withoutContributions(pkg: PackageJson): void {
  if (pkg.mfe) delete pkg.mfe.contributions;
}

/**
 * Turns the template written in `appDir` into the plan's variant (nothing for an area in the host's
 * tree): the variant's files removed, its overlays written (filled by `fill`), its package.json
 * edited. Returns the files the overlays wrote, relative to `root`.
 */
export function applyVariant(
  appDir: string,
  plan: RemotePlan,
  scaffold: Scaffold,
  fill: (text: string) => string,
  root: string,
): string[] {
  if (plan.react === undefined) return [];
  const variant = variantOf(plan.react, scaffold);
  for (const path of variant.remove) rmSync(join(appDir, path), { recursive: true, force: true });
  const written = variant.overlays.flatMap((overlay) => writeTemplate(join(VARIANTS_DIR, overlay), appDir, fill, root));
  editPackageJson(appDir, variant.editPackage);
  if (variant.dropMessages) dropMessages(join(appDir, 'src', 'locales'), variant.dropMessages);
  return written;
}

function dropMessages(locales: string, ids: RegExp): void {
  for (const name of existsSync(locales) ? readdirSync(locales) : []) {
    const file = join(locales, name);
    const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    for (const id of Object.keys(catalogue)) if (ids.test(id)) delete catalogue[id];
    writeFileSync(file, `${JSON.stringify(catalogue, null, 2)}\n`);
  }
}
