import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The development topology: the ports and their rules (@mfe/manifest's dev-topology.ts, published,
// since the scaffold and mfe-dev need them too) and the development remote list (here). Light on
// purpose: the in-repo scaffold loads it as `@mfe/stack/topology`.
export { DEFAULT_HOST_PORT, localUrl, topology, type StackTopology } from '@mfe/manifest';

/**
 * The development manifest: the feature areas of this repository, where the stack serves each
 * (its port with the default host port), and their navigation. `pnpm create-remote` adds to it;
 * deployed hosts use their own runtime manifest instead.
 */
export const DEV_MANIFEST_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', 'remotes.dev.json');

/**
 * A feature area as development knows it: the one type for a remote's settings before there is a
 * runtime manifest (whose validated form is @mfe/manifest's `RemoteEntry`). The development manifest,
 * the stack, the test fixtures and `mfe-dev` all speak it.
 */
export interface DevRemote {
  readonly name: string;
  readonly path: string;
  readonly label: string;
  readonly order: number;
  /** The navigation label in other languages, by locale (the manifest's `labels`). */
  readonly labels?: Readonly<Record<string, string>>;
  /** Port with the default host port (`topology(host).remote(port)` moves it); absent: the next extra port. */
  readonly port?: number;
  /** Build directory; defaults to `apps/<name>/dist`. */
  readonly dist?: string;
  /** false: a public area, open without signing in (the manifest's default is true). */
  readonly requiresAuth?: boolean;
}

/** A remote of the development manifest: it always has its port. */
export type ListedRemote = DevRemote & { readonly port: number };

export function readDevRemotes(file = DEV_MANIFEST_PATH): ListedRemote[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { remotes?: unknown };
  if (!Array.isArray(parsed.remotes)) throw new Error(`${file} has no "remotes" list.`);
  return parsed.remotes.map((entry: Partial<ListedRemote>, index) => {
    const { name, path, label, order, port, labels } = entry;
    if (
      typeof name !== 'string' ||
      typeof path !== 'string' ||
      typeof label !== 'string' ||
      typeof order !== 'number' ||
      typeof port !== 'number'
    ) {
      throw new Error(`${file}: remote #${index + 1} needs name, path, label (strings), order and port (numbers).`);
    }
    if (
      labels !== undefined &&
      (typeof labels !== 'object' ||
        labels === null ||
        Object.values(labels).some((value) => typeof value !== 'string'))
    ) {
      throw new Error(
        `${file}: remote #${index + 1}'s "labels" must map locales to labels, e.g. { "de": "Empfehlungen" }.`,
      );
    }
    return { name, path, label, order, port, ...(labels ? { labels } : {}) };
  });
}
