import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The development manifest: the feature areas of this repository, where the
 * stack serves each (its port with the stack's default host port 3000), and
 * their navigation. `pnpm create-remote` adds to it; deployed hosts use their
 * own runtime manifest instead.
 */
export const DEV_MANIFEST_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', 'remotes.dev.json');

export interface DevRemote {
  readonly name: string;
  readonly path: string;
  readonly label: string;
  readonly order: number;
  /** Port with the default ports (host 3000); with `--base-port B` it is `B + port - 3000`. */
  readonly port: number;
}

export function readDevRemotes(file = DEV_MANIFEST_PATH): DevRemote[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { remotes?: unknown };
  if (!Array.isArray(parsed.remotes)) throw new Error(`${file} has no "remotes" list.`);
  return parsed.remotes.map((entry: Partial<DevRemote>, index) => {
    const { name, path, label, order, port } = entry;
    if (typeof name !== 'string' || typeof path !== 'string' || typeof label !== 'string' || typeof order !== 'number' || typeof port !== 'number') {
      throw new Error(`${file}: remote #${index + 1} needs name, path, label (strings), order and port (numbers).`);
    }
    return { name, path, label, order, port };
  });
}

/** The port the stack gives `remote` when the host is on `hostPort` (same offset as with the default 3000). */
export function portFor(remote: Pick<DevRemote, 'port'>, hostPort: number): number {
  return hostPort + remote.port - 3000;
}
