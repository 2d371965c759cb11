import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** The host's first script's path, `/main.<hash>.js` (the preset's name for it), at the end of a URL or path. */
export const FIRST_SCRIPT_PATH = /\/main\.[0-9a-f]+\.js$/;

/** The shell's chunk's path, `/shell.<hash>.js` (split from the first script), at the end of a URL or path. */
export const SHELL_SCRIPT_PATH = /\/shell\.[0-9a-f]+\.js$/;

/** Holds every request a page makes for the shell's script until `release()`; says whether one was made. */
export async function holdShell(page: Page): Promise<{ requested(): boolean; release(): void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(SHELL_SCRIPT_PATH, async (route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return { requested: () => requested, release };
}

/** The first script a page's HTML loads (`main.<hash>.js`), or undefined when it loads none. */
export const firstScriptIn = (html: string): string | undefined =>
  /<script[^>]+src=["']?\/?(main\.[0-9a-f]+\.js)/.exec(html)?.[1];

/**
 * The host's first script in a build folder: the `main.<hash>.js` its index.html loads (the bundle
 * test reads its source map; the bench's first-script table too).
 */
export function firstScriptFile(dist: string): string {
  const file = firstScriptIn(readFileSync(join(dist, 'index.html'), 'utf8'));
  if (!file) throw new Error(`${join(dist, 'index.html')} loads no main.<hash>.js: build the host first (pnpm build).`);
  return file;
}
