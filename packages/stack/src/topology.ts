import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The development topology: the ports and their rules (@mfe/manifest's dev-topology.ts, published,
// since the scaffold and mfe-dev need them too), the remote list's format (@mfe/manifest's
// dev-remotes.ts, likewise) and where this repository keeps its list (here).
export { DEFAULT_HOST_PORT, localUrl, topology, type StackTopology } from '@mfe/manifest';
import { readDevRemoteList, type ListedRemote } from '@mfe/manifest/dev-remotes';
export type { DevRemote, ListedRemote } from '@mfe/manifest/dev-remotes';

/**
 * The development manifest: the feature areas of this repository, where the stack serves each
 * (its port with the default host port), and their navigation. `pnpm create-remote` adds to it;
 * deployed hosts use their own runtime manifest instead.
 */
export const DEV_MANIFEST_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', 'remotes.dev.json');

/** Where this repository keeps its apps, the host and every feature area: `apps/<name>`. */
export const APPS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'apps');
export const appDir = (name: string): string => join(APPS_DIR, name);

/** This repository's development remote list. */
export function readDevRemotes(file = DEV_MANIFEST_PATH): ListedRemote[] {
  return readDevRemoteList(file);
}
