import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where the release console's built pages are: beside the bundled command (`dist/console`, in the
 * published package), or `console/dist` when the command runs from source (`build:console` builds
 * them). Null when they are not built: the service then answers its API alone.
 */
export function consolePages(): string | null {
  const candidates = [join(__dirname, 'console'), join(__dirname, '..', '..', 'console', 'dist')];
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? null;
}
