import { sri } from '@mfe/manifest/sri';
import { RUNTIME_FILES } from '@mfe/manifest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * For the unit tests: a remote's build folder as the preset writes it (mf-manifest.json naming
 * the contract, remoteEntry.js, integrity.json), small enough to write in a test.
 */
export function writeBuild(
  root: string,
  name: string,
  version: string,
  options: { contract?: string; body?: string; exposes?: readonly string[] } = {},
): string {
  const dist = join(root, `${name}-${version}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(join(dist, 'static'), { recursive: true });
  const chunk = `/* ${name} ${version} */`;
  // The entry pins its chunk as a bundler's runtime does (its loader's integrity table), or publish refuses it.
  const entry = `${options.body ?? `var ${name} = { version: ${JSON.stringify(version)} };`}\n${pinningLoader([sri(chunk)])}`;
  writeFileSync(join(dist, 'remoteEntry.js'), entry);
  writeFileSync(join(dist, 'static', 'chunk.js'), chunk);
  writeFileSync(join(dist, 'static', 'chunk.js.map'), '{}');
  writeFileSync(
    join(dist, 'mf-manifest.json'),
    JSON.stringify({
      name,
      metaData: { buildInfo: { buildVersion: version } },
      shared: [{ name: '@mfe/context', requiredVersion: options.contract ?? '^1.0.0' }],
      exposes: (options.exposes ?? ['./remote']).map((path) => ({ path })),
    }),
  );
  writeFileSync(join(dist, 'integrity.json'), JSON.stringify({ 'remoteEntry.js': sri(entry) }));
  return dist;
}

/**
 * An entry's loader as a bundler's runtime writes it (webpack's `__webpack_require__.sriHashes`): an
 * integrity table, set on each script it adds. What the checks read as pins.
 */
export function pinningLoader(hashes: readonly string[]): string {
  const table = Object.fromEntries(hashes.map((hash, index) => [String(index), hash]));
  return `var r = {}; r.sriHashes = ${JSON.stringify(table)};\nfunction load(id) { var s = document.createElement("script"); s.integrity = r.sriHashes[id]; document.head.appendChild(s); }`;
}

export const tempDir = (label: string) => mkdtempSync(join(tmpdir(), `mfe-release-${label}-`));

/**
 * A host as the release check reads it (mfe-host.json, config.json) that also serves a folder
 * store's `remotes/` under /remotes/, like the nginx deployment does.
 */
export async function startHost(
  storeDir: () => string,
  allowedRemoteOrigins: readonly string[] = [],
): Promise<TestHost> {
  const host: TestHost = {
    url: '',
    slow: undefined,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const delay = host.slow?.(path) ?? 0;
    if (typeof delay !== 'number') await delay;
    else if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    if (path === '/mfe-host.json')
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ provides: { '@mfe/context': '1.2.0', react: '19.3.1' } }));
    if (path === RUNTIME_FILES.config)
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ allowedRemoteOrigins }));
    if (path.startsWith('/remotes/') && !path.includes('..')) {
      let body: Buffer;
      try {
        body = readFileSync(join(storeDir(), decodeURIComponent(path)));
      } catch {
        return void res.writeHead(404).end();
      }
      return void res.writeHead(200).end(body);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return host;
}

export interface TestHost {
  url: string;
  /** How long to wait before answering a path (a slow CDN, a build's files slow to answer): ms, or until a promise settles. */
  slow: ((path: string) => number | Promise<void>) | undefined;
  close(): Promise<void>;
}
