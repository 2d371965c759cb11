/**
 * Which remote an error or a URL belongs to: the remote whose published
 * folder (where its mf-manifest.json or remoteEntry.js lives) the script came
 * from, or the remote mounted at a route.
 */
export interface AttributableRemote {
  readonly name: string;
  /** URL of its mf-manifest.json or remoteEntry.js. */
  readonly entry: string;
  /** Where its area is mounted; none for a remote that only contributes to slots. */
  readonly path?: string | undefined;
}

function folderOf(entry: string): string | undefined {
  try {
    return new URL('.', entry).href;
  } catch {
    return undefined;
  }
}

export function remoteOfUrl(url: string | undefined, remotes: readonly AttributableRemote[]): string | undefined {
  if (!url) return undefined;
  return remotes.find((remote) => {
    const folder = folderOf(remote.entry);
    return folder !== undefined && url.startsWith(folder);
  })?.name;
}

const STACK_URL = /\bhttps?:\/\/[^\s)'"]+/g;

/**
 * The remote whose code threw: the topmost stack frame that comes from a
 * remote's folder (frames of the host, React included, are skipped), else
 * the script the browser names for the error.
 */
export function remoteOfError(
  error: unknown,
  remotes: readonly AttributableRemote[],
  filename?: string,
): string | undefined {
  const stack = typeof (error as Error | undefined)?.stack === 'string' ? (error as Error).stack! : '';
  for (const match of stack.matchAll(STACK_URL)) {
    const name = remoteOfUrl(match[0], remotes);
    if (name) return name;
  }
  return remoteOfUrl(filename, remotes);
}

export function remoteOfRoute(pathname: string, remotes: readonly AttributableRemote[]): string | undefined {
  return remotes.find(
    (remote) => remote.path !== undefined && (pathname === remote.path || pathname.startsWith(`${remote.path}/`)),
  )?.name;
}
