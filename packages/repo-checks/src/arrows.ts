import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

// The arrows a package makes by path, which its package.json does not show: a relative import that
// leaves the package (into an app, the repository's root or another package's files), a workspace
// package's file that its `exports` do not offer, and a path to an app or a root file written as a
// string (join(…, 'apps', …), 'webpack.shared.js'). Read with TypeScript's own scanner. Tests and a
// package's `scripts/` (its build steps, never published) may read the repository: they are not read.

const SOURCE = /\.(ts|tsx|js|cjs|mjs|jsx)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'coverage', 'scripts']);
const TEST = /\.test\.[cm]?[jt]sx?$/;

/** One arrow that runs the wrong way: where it is and what it reaches. */
export interface Arrow {
  readonly file: string;
  readonly reaches: string;
}

/** Files of the repository's root that a package must not find by path (tools find them there). */
const ROOT_FILES = ['webpack.shared.js', 'tsconfig.base.json', 'jest.config.js', 'pnpm-workspace.yaml'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIPPED_FOLDERS.has(name) ? [] : sourceFiles(path);
    return SOURCE.test(name) && !name.endsWith('.d.ts') && !TEST.test(name) ? [path] : [];
  });
}

/** The subpaths a workspace package offers (`exports`), or undefined when it offers every file. */
function offered(root: string): Map<string, ReadonlySet<string> | undefined> {
  const packages = new Map<string, ReadonlySet<string> | undefined>();
  for (const kind of ['apps', 'packages']) {
    if (!existsSync(join(root, kind))) continue;
    for (const dir of readdirSync(join(root, kind))) {
      const file = join(root, kind, dir, 'package.json');
      if (!existsSync(file)) continue;
      const { name, exports } = JSON.parse(readFileSync(file, 'utf8')) as { name: string; exports?: unknown };
      const subpaths =
        exports && typeof exports === 'object' && Object.keys(exports).every((key) => key.startsWith('.'))
          ? new Set(Object.keys(exports))
          : undefined;
      packages.set(name, subpaths);
    }
  }
  return packages;
}

/** Whether a subpath (`./src/x.js`) is offered by an `exports` map, patterns (`./*`) included. */
function isOffered(subpath: string, subpaths: ReadonlySet<string>): boolean {
  return [...subpaths].some((key) =>
    key.includes('*') ? subpath.startsWith(key.slice(0, key.indexOf('*'))) : key === subpath,
  );
}

function specifiersAndStrings(file: string): { specifiers: string[]; strings: string[] } {
  const text = readFileSync(file, 'utf8');
  const specifiers = ts.preProcessFile(text, true, true).importedFiles.map((imported) => imported.fileName);
  const strings: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node)) strings.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false));
  return { specifiers, strings };
}

/** Every arrow by path out of each of these package folders of the repository at `root`. */
export function pathArrows(root: string, packageDirs: readonly string[]): Arrow[] {
  const workspace = offered(root);
  return packageDirs.flatMap((packageDir) => packageArrows(root, packageDir, workspace));
}

function packageArrows(root: string, packageDir: string, workspace: ReturnType<typeof offered>): Arrow[] {
  const own = resolve(packageDir) + sep;
  return sourceFiles(packageDir).flatMap((file) => {
    const { specifiers, strings } = specifiersAndStrings(file);
    const at = relative(root, file);
    const arrows: Arrow[] = [];
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier);
        if (!target.startsWith(own)) arrows.push({ file: at, reaches: `${specifier} (${relative(root, target)})` });
        continue;
      }
      const [, name, sub] = /^((?:@[^/]+\/)?[^/]+)(\/.*)?$/.exec(specifier) ?? [];
      const subpaths = name ? workspace.get(name) : undefined;
      if (name && sub && subpaths && !isOffered(`.${sub}`, subpaths))
        arrows.push({ file: at, reaches: `${specifier} (not in ${name}'s exports)` });
    }
    for (const text of strings.filter((text) => !specifiers.includes(text))) {
      const byPath = text === 'apps' || /(^|\/)\.\.\/(.*\/)?apps\//.test(text);
      const rootFile = ROOT_FILES.find((name) => text === name || text.endsWith(`/${name}`));
      if (byPath) arrows.push({ file: at, reaches: `"${text}" (a path into apps/)` });
      if (rootFile) arrows.push({ file: at, reaches: `"${text}" (the repository root's ${rootFile})` });
    }
    return arrows;
  });
}
