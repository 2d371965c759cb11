import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_FILES, parseManifest, type RemoteEntry } from '@mfe/manifest';
import { CONTRACT_PACKAGE, readRemoteBuild } from '@mfe/manifest/remote-build';
import { assertTemplate, pageHtml } from './html';
import { loadServerBundle, type ServerBundle } from './server-bundle';

/** What the host's server build (`dist/server/render.js`) exports (apps/host/src/prerender/render-page.tsx). */
interface HostRenderer {
  /** The contract package the shell was built with. */
  readonly contract: unknown;
  renderPage(request: { origin: string; config: unknown; manifest: unknown; path: string; content?: { remote: string; module: unknown; version: string } }): Promise<{ html: string; title: string; data: string }>;
}

export interface PrerenderInput {
  /** The host's build folder (index.html and server/). */
  readonly hostDir: string;
  /** The host's public origin. */
  readonly origin: string;
  /** The runtime config and manifest as the host serves them. */
  readonly config: unknown;
  readonly manifest: unknown;
  /** Reads remotes' builds (default: fetch). */
  readonly fetchImpl?: typeof fetch;
}

/** The pages of one manifest revision: by exact path, and the shell for everything under an area. */
export interface PrerenderedPages {
  readonly exact: ReadonlyMap<string, string>;
  /** Longest prefix first. */
  readonly under: ReadonlyArray<{ readonly prefix: string; readonly html: string }>;
  /** What rendered in the browser only, and why (said at release time). */
  readonly warnings: readonly string[];
}

/** The page for a request path, or undefined when the browser renders it (index.html). */
export function pageFor(pages: PrerenderedPages, pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return pages.exact.get(path) ?? pages.under.find(({ prefix }) => path.startsWith(`${prefix}/`))?.html;
}

/**
 * The pages as files, for a server that looks them up without code (nginx, `release:nginx
 * --pages-root`): `<path>/index.html` for a path's own page, `<route>/_area.html` for the shell of
 * everything under an area (the layout is `PAGE_FILES`, from the manifest's rules).
 */
export function pageFiles(pages: PrerenderedPages): Array<{ readonly file: string; readonly html: string }> {
  const folder = (path: string) => (path === '/' ? '' : `${path.slice(1)}/`);
  return [
    ...[...pages.exact].map(([path, html]) => ({ file: `${folder(path)}${PAGE_FILES.page}`, html })),
    ...pages.under.map(({ prefix, html }) => ({ file: `${folder(prefix)}${PAGE_FILES.areaShell}`, html })),
  ].sort((a, b) => a.file.localeCompare(b.file));
}

async function fetchText(fetchImpl: typeof fetch, url: string): Promise<string | null> {
  const response = await fetchImpl(url);
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/** A public area's content: its server build, the version and stylesheets of its browser build. */
async function areaContent(remote: RemoteEntry, fetchImpl: typeof fetch, provided: Readonly<Record<string, unknown>>): Promise<{ module: unknown; version: string; stylesheets: Array<{ href: string; integrity?: string }> } | string> {
  const label = `${remote.name} (${remote.entry})`;
  if (!remote.entry.endsWith('.json')) return `${label}: its entry is a script, not mf-manifest.json, so its server build cannot be found; its pages render in the browser.`;
  const described = await fetchText(fetchImpl, new URL('server/server.json', remote.entry).href);
  if (described === null) return `${label} has no server build (server/server.json): its pages render in the browser only. Build it with remoteServerConfig from the preset.`;
  const { entry, integrity } = JSON.parse(described) as { entry?: unknown; integrity?: unknown };
  if (typeof entry !== 'string' || !/^[\w.-]+\.js$/.test(entry) || typeof integrity !== 'string') return `${label}: server/server.json names no bundle and sha384; its pages render in the browser.`;
  const code = await fetchText(fetchImpl, new URL(`server/${entry}`, remote.entry).href);
  if (code === null) return `${label}: server/${entry} is missing; its pages render in the browser.`;
  const publicPath = new URL('.', remote.entry).href;
  const bundle: ServerBundle = { code, integrity, publicPath, label, provided };
  const module = loadServerBundle(bundle);
  const build = readRemoteBuild(JSON.parse((await fetchText(fetchImpl, remote.entry)) ?? '{}'));
  const stylesheets = build.files.css.map((file) => ({ href: new URL(file, remote.entry).href, ...(build.integrityOf(file) ? { integrity: build.integrityOf(file) } : {}) }));
  return { module, version: build.version ?? '', stylesheets };
}

/**
 * Renders every page a manifest revision gives the host ahead of time: the home page; for each
 * area, the shell with the area's skeleton (for all its paths); and for a public area with a server
 * build, its first page with the content, from the same build the manifest points the browser at.
 * An area that cannot be rendered (no server build, a canary running, a render that throws) keeps
 * the shell page and is named in `warnings`; nothing here makes a page fail.
 */
export async function prerenderPages(input: PrerenderInput): Promise<PrerenderedPages> {
  const fetchImpl = input.fetchImpl ?? fetch;
  const template = readFileSync(join(input.hostDir, 'index.html'), 'utf8');
  assertTemplate(template);
  const serverDir = join(input.hostDir, 'server');
  const { entry, integrity } = JSON.parse(readFileSync(join(serverDir, 'server.json'), 'utf8')) as { entry: string; integrity: string };
  const renderer = loadServerBundle({ code: readFileSync(join(serverDir, entry), 'utf8'), integrity, publicPath: '/', label: 'the host' }) as HostRenderer;
  const config = input.config as { allowedRemoteOrigins?: string[]; requireIntegrity?: boolean };
  const { remotes } = parseManifest(input.manifest, { allowedOrigins: [input.origin, ...(config.allowedRemoteOrigins ?? [])], requireIntegrity: config.requireIntegrity ?? true });
  const warnings: string[] = [];
  const render = async (path: string, content?: { remote: string; module: unknown; version: string }, stylesheets?: Array<{ href: string; integrity?: string }>) => {
    const page = await renderer.renderPage({ origin: input.origin, config: input.config, manifest: input.manifest, path, ...(content ? { content } : {}) });
    return pageHtml(template, { root: page.html, title: page.title, data: page.data, ...(stylesheets ? { stylesheets } : {}) });
  };
  const exact = new Map<string, string>([['/', await render('/')]]);
  const under: Array<{ prefix: string; html: string }> = [];
  for (const remote of remotes) {
    under.push({ prefix: remote.path, html: await render(remote.path) });
    if (remote.requiresAuth) continue;
    if (remote.candidate) {
      warnings.push(`${remote.name}: a canary is running, so its pages render in the browser until it ends (each browser's side differs).`);
      continue;
    }
    try {
      const content = await areaContent(remote, fetchImpl, { [CONTRACT_PACKAGE]: renderer.contract });
      if (typeof content === 'string') {
        warnings.push(content);
        continue;
      }
      exact.set(remote.path, await render(remote.path, { remote: remote.name, module: content.module, version: content.version }, content.stylesheets));
    } catch (error) {
      warnings.push(`${remote.name}: its page could not be rendered ahead of time (${(error as Error).message}); it renders in the browser.`);
    }
  }
  for (const { prefix, html } of under) if (!exact.has(prefix)) exact.set(prefix, html);
  return { exact, under: under.sort((a, b) => b.prefix.length - a.prefix.length), warnings };
}
