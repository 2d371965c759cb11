import { readFileSync } from 'node:fs';

// The development remote list's format and reader, for Node.js only (it reads a file): kept apart
// from the package's index, which browsers load. Published, since the scaffold and mfe-dev speak it;
// where this repository keeps its list is the rig's (@mfe/stack's topology.ts).

/**
 * A feature area as development knows it: the one type for a remote's settings before there is a
 * runtime manifest (whose validated form is @mfe/manifest's `RemoteEntry`). The development manifest,
 * the stack, the test fixtures and `mfe-dev` all speak it.
 */
export interface DevRemote {
  readonly name: string;
  /** Where its area mounts, and its navigation label; neither for a remote that only contributes to slots. */
  readonly path?: string;
  readonly label?: string;
  readonly order: number;
  /** The navigation label in other languages, by locale (the manifest's `labels`). */
  readonly labels?: Readonly<Record<string, string>>;
  /** Port with the default host port (`topology(host).remote(port)` moves it); absent: the next extra port. */
  readonly port?: number;
  /** Build directory; defaults to `apps/<name>/dist`. */
  readonly dist?: string;
  /** false: a public area, open without signing in (the manifest's default is true). */
  readonly requiresAuth?: boolean;
  /** What it puts in other pages' slots (the manifest's `contributions`, validated with it). */
  readonly contributions?: ReadonlyArray<Readonly<Record<string, unknown>>>;
}

/** A remote of the development manifest: it always has its port. */
export type ListedRemote = DevRemote & { readonly port: number; readonly path: string; readonly label: string };

/** Reads a development remote list (`remotes.dev.json`): each remote needs its name, path, label, order and port. */
export function readDevRemoteList(file: string): ListedRemote[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { remotes?: unknown };
  if (!Array.isArray(parsed.remotes)) throw new Error(`${file} has no "remotes" list.`);
  return parsed.remotes.map((entry: Partial<ListedRemote>, index) => {
    const { name, path, label, order, port, labels, contributions } = entry;
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
    if (contributions !== undefined && !Array.isArray(contributions))
      throw new Error(
        `${file}: remote #${index + 1}'s "contributions" must be a list, e.g. [{ "slot": "…", "module": "…" }].`,
      );
    return {
      name,
      path,
      label,
      order,
      port,
      ...(labels ? { labels } : {}),
      ...(contributions ? { contributions } : {}),
    };
  });
}
