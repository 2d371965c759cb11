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
