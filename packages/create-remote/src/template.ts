import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { RemotePlan } from './remote-plan';

// How a template folder becomes an area's files, for both scaffolds (in a repository, and standalone).

/** What every template's `__TOKEN__`s stand for: the area's name, route, label and port. */
export function planTokens(plan: RemotePlan): Record<string, string> {
  return { __NAME__: plan.name, __ROUTE__: plan.route, __LABEL__: plan.label, __PORT__: String(plan.port) };
}

/**
 * Copies the template folder `from` into `to`, every file's text and path filled; `.tmpl` is dropped
 * from names (a template file is no source of this package's), and `gitignore` and `npmrc` get their
 * dot back (npm leaves dot-files out of a published package). Returns the files written, relative to `root`.
 */
export function writeTemplate(from: string, to: string, fill: (text: string) => string, root: string): string[] {
  return readdirSync(from, { withFileTypes: true }).flatMap((entry) => {
    const source = join(from, entry.name);
    if (entry.isDirectory()) return writeTemplate(source, join(to, fill(entry.name)), fill, root);
    const name = fill(entry.name)
      .replace(/\.tmpl$/, '')
      .replace(/^(gitignore|npmrc)$/, '.$1');
    const target = join(to, name);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, fill(readFileSync(source, 'utf8')));
    return [relative(root, target)];
  });
}

/** The area's package.json as the scaffold edits it (the fields it touches). */
export interface PackageJson {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  mfe?: { contributions?: unknown };
}

/** Edits the package.json written in `appDir` in place, as `edit` says. */
export function editPackageJson(appDir: string, edit: (pkg: PackageJson) => void): void {
  const file = join(appDir, 'package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
  edit(pkg);
  writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
}

/** `packages` with `added`, sorted by name as package managers write them. */
export function withPackages(
  packages: Readonly<Record<string, string>>,
  added: Readonly<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(Object.entries({ ...packages, ...added }).sort(([a], [b]) => a.localeCompare(b)));
}
