import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// For the scaffold's tests: folders a test writes areas into, removed once its file's tests are done.

/** A `fresh(prefix)` that makes a new temporary folder, each removed after the calling test file. */
export function temporaryFolders(): (prefix: string) => string {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  return (prefix) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}

export const readText = (...path: string[]) => readFileSync(join(...path), 'utf8');

/** A repository with no area yet, in `repo`: an empty development manifest (the scaffold makes an area's folders). */
export function emptyRepository(repo: string): { repo: string; devManifest: string } {
  const devManifest = join(repo, 'remotes.dev.json');
  writeFileSync(devManifest, JSON.stringify({ remotes: [] }));
  return { repo, devManifest };
}
