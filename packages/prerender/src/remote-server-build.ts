import type { RemoteEntry } from '@mfe/manifest';
import { readExposedFiles, readRemoteBuild, remoteFiles } from '@mfe/manifest/remote-build';
import { loadServerBundle, type ServerBundle } from './server-bundle';

/** One bundle of a server build as `server/server.json` names it: its file and sha384. */
interface BundleFile {
  readonly entry: string;
  readonly integrity: string;
}

/** What a remote's `server/server.json` says: the area's bundle, and one per contribution. */
export interface ServerDescription extends BundleFile {
  readonly contributions: Readonly<Record<string, BundleFile>>;
}

/** A file a page links in its head: a stylesheet, or a script hinted to download with the host's. */
export interface LinkedFile {
  readonly href: string;
  readonly integrity?: string;
}

/**
 * A remote's fetches within its own time limit, the manifest's `timeoutMs` (the one the browser's
 * loader gives it), shared by all of them from now on: a remote that accepts connections and never
 * answers costs a render that long at most, and its part of the page is left to the browser.
 * A body is read whole within the limit too.
 */
export function withinTimeLimit(fetchImpl: typeof fetch, remote: Pick<RemoteEntry, 'timeoutMs'>): typeof fetch {
  const deadline = AbortSignal.timeout(remote.timeoutMs);
  return (async (input: string | URL | Request, init?: RequestInit) => {
    try {
      const response = await fetchImpl(input, { ...init, signal: deadline });
      const body = await response.arrayBuffer();
      return new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } catch (error) {
      if (deadline.aborted)
        throw new Error(`it did not answer within ${remote.timeoutMs / 1000} s, its time limit`, { cause: error });
      throw error;
    }
  }) as typeof fetch;
}

export async function fetchText(fetchImpl: typeof fetch, url: string): Promise<string | null> {
  const response = await fetchImpl(url);
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

const BUNDLE_FILE = /^[\w.-]+\.js$/;
const isBundleFile = (value: unknown): value is BundleFile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as BundleFile).entry === 'string' &&
  BUNDLE_FILE.test((value as BundleFile).entry) &&
  typeof (value as BundleFile).integrity === 'string';

export const labelOf = (remote: Pick<RemoteEntry, 'name' | 'entry'>) => `${remote.name} (${remote.entry})`;

/**
 * The remote's server build as published beside its browser build, or why there is none usable (a
 * sentence for the release's warnings). A contribution whose bundle is malformed is left out.
 */
export async function readServerDescription(
  remote: Pick<RemoteEntry, 'name' | 'entry'>,
  fetchImpl: typeof fetch,
): Promise<ServerDescription | string> {
  const label = labelOf(remote);
  if (!remote.entry.endsWith('.json'))
    return `${label}: its entry is a script, not mf-manifest.json, so its server build cannot be found; its pages render in the browser.`;
  const described = await fetchText(fetchImpl, new URL('server/server.json', remote.entry).href);
  if (described === null)
    return `${label} has no server build (server/server.json): its pages render in the browser only. Build it with remoteServerConfig from the preset.`;
  const parsed = JSON.parse(described) as { contributions?: unknown };
  if (!isBundleFile(parsed))
    return `${label}: server/server.json names no bundle and sha384; its pages render in the browser.`;
  const listed = typeof parsed.contributions === 'object' && parsed.contributions !== null ? parsed.contributions : {};
  const contributions = Object.fromEntries(Object.entries(listed).filter(([, file]) => isBundleFile(file))) as Record<
    string,
    BundleFile
  >;
  return { entry: parsed.entry, integrity: parsed.integrity, contributions };
}

/** Runs one bundle of a remote's server build, after checking its bytes (null: the file is missing). */
export async function loadRemoteBundle(
  remote: Pick<RemoteEntry, 'name' | 'entry'>,
  file: BundleFile,
  fetchImpl: typeof fetch,
  provided: Readonly<Record<string, unknown>>,
): Promise<unknown> {
  const code = await fetchText(fetchImpl, new URL(`server/${file.entry}`, remote.entry).href);
  if (code === null) return null;
  const bundle: ServerBundle = {
    code,
    integrity: file.integrity,
    publicPath: new URL('.', remote.entry).href,
    label: labelOf(remote),
    provided,
  };
  return loadServerBundle(bundle);
}

/** What a page holding one of the remote's exposed modules links: its stylesheets, and its scripts as hints. */
export function linkedFiles(
  remote: Pick<RemoteEntry, 'entry' | 'integrity'>,
  remoteManifest: unknown,
  expose?: string,
): { readonly version: string; readonly stylesheets: LinkedFile[]; readonly scripts: LinkedFile[] } {
  const { version } = readRemoteBuild(remoteManifest);
  const exposed = readExposedFiles(remoteManifest, expose);
  const stylesheets = exposed.files.css.map((file) => {
    const integrity = exposed.integrityOf(file);
    return { href: new URL(file, remote.entry).href, ...(integrity ? { integrity } : {}) };
  });
  // The entry script and the module's chunks, as the host's loader will ask for them (the same integrity).
  const scripts = remoteFiles(remote, remoteManifest, undefined, expose)
    .filter((file) => file.as === 'script')
    .map(({ url, integrity }) => ({ href: url, ...(integrity ? { integrity } : {}) }));
  return { version: version ?? '', stylesheets, scripts };
}
