import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The host's first script in a build folder: the `main.<hash>.js` its index.html loads (the bundle
 * test reads its source map; the bench's first-script table too).
 */
export function firstScriptFile(dist: string): string {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const file = /<script[^>]+src=["']?\/?(main\.[0-9a-f]+\.js)/.exec(html)?.[1];
  if (!file) throw new Error(`${join(dist, 'index.html')} loads no main.<hash>.js: build the host first (pnpm build).`);
  return file;
}
