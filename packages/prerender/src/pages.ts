import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_FILES, parseManifest, validateRuntimeConfig, type RemoteEntry } from '@mfe/manifest';
import { CONTRACT_PACKAGE } from '@mfe/manifest/remote-build';
import rules from '@mfe/manifest/rules.json';
import { heldContributionFiles, publicContributions, type ContributionContent } from './contributions';
import { assertTemplate, pageHtml, withManifestPreload } from './html';
import type { HostRenderer } from './page-contract';
import {
  fetchText,
  labelOf,
  linkedFiles,
  loadRemoteBundle,
  readServerDescription,
  withinTimeLimit,
  type LinkedFile,
} from './remote-server-build';
import { loadServerBundle } from './server-bundle';

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

/** One language's pages: by exact path, and the shell for everything under an area. */
export interface LocalePages {
  readonly exact: ReadonlyMap<string, string>;
  /** Longest prefix first. */
  readonly under: ReadonlyArray<{ readonly prefix: string; readonly html: string }>;
}

/** The pages of one manifest revision, in each language the runtime config lists. */
export interface PrerenderedPages {
  readonly defaultLocale: string;
  readonly locales: ReadonlyMap<string, LocalePages>;
  /** What rendered in the browser only, and why (said at release time). */
  readonly warnings: readonly string[];
}

/** The page for a request path in a language (default: the default), or undefined when the browser renders it (index.html). */
export function pageFor(
  pages: PrerenderedPages,
  pathname: string,
  locale: string = pages.defaultLocale,
): string | undefined {
  const inLocale = pages.locales.get(locale) ?? pages.locales.get(pages.defaultLocale);
  if (!inLocale) return undefined;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return inLocale.exact.get(path) ?? inLocale.under.find(({ prefix }) => path.startsWith(`${prefix}/`))?.html;
}

/**
 * The pages as files, for a server that looks them up without code (nginx, `server:config
 * --pages-root`): `<path>/index.html` for a path's own page, `<route>/_area.html` for the shell of
 * everything under an area; the default language's at the top, each other's in `_<locale>/` (the
 * layout is `PAGE_FILES`, from the manifest's rules).
 */
export function pageFiles(pages: PrerenderedPages): Array<{ readonly file: string; readonly html: string }> {
  const folder = (path: string) => (path === '/' ? '' : `${path.slice(1)}/`);
  return [...pages.locales]
    .flatMap(([locale, { exact, under }]) => {
      const base = locale === pages.defaultLocale ? '' : `${PAGE_FILES.localeFolderPrefix}${locale}/`;
      return [
        ...[...exact].map(([path, html]) => ({ file: `${base}${folder(path)}${PAGE_FILES.page}`, html })),
        ...under.map(({ prefix, html }) => ({ file: `${base}${folder(prefix)}${PAGE_FILES.areaShell}`, html })),
      ];
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** What a render recorded as thrown (React then leaves that part to the browser). */
class RenderError extends Error {
  constructor(errors: readonly string[]) {
    super(`it threw while rendering: ${errors.join('; ')}`);
    this.name = 'RenderError';
  }
}

/** A public area's content: its server build, the version and the files of its browser build. */
async function areaContent(
  remote: RemoteEntry,
  fetchAny: typeof fetch,
  provided: Readonly<Record<string, unknown>>,
): Promise<{ module: unknown; version: string; stylesheets: LinkedFile[]; scripts: LinkedFile[] } | string> {
  const fetchImpl = withinTimeLimit(fetchAny, remote);
  const description = await readServerDescription(remote, fetchImpl);
  if (typeof description === 'string') return description;
  const module = await loadRemoteBundle(remote, description, fetchImpl, provided);
  if (module === null)
    return `${labelOf(remote)}: server/${description.entry} is missing; its pages render in the browser.`;
  const remoteManifest = JSON.parse((await fetchText(fetchImpl, remote.entry)) ?? '{}') as unknown;
  return { module, ...linkedFiles(remote, remoteManifest) };
}

/** A public area's content as a page holds it. */
type Content = {
  remote: string;
  /** Its mf-manifest.json, as the page's data names it. */
  entry: string;
  module: unknown;
  version: string;
  stylesheets: LinkedFile[];
  scripts: LinkedFile[];
};

/** A public area's content, why it renders in the browser, or nothing (an area behind sign-in). */
async function publicArea(
  remote: RemoteEntry,
  fetchImpl: typeof fetch,
  provided: Readonly<Record<string, unknown>>,
): Promise<Content | string | undefined> {
  if (remote.requiresAuth) return undefined;
  if (remote.candidate)
    return `${remote.name}: a canary is running, so its pages render in the browser until it ends (each browser's side differs).`;
  try {
    const content = await areaContent(remote, fetchImpl, provided);
    return typeof content === 'string' ? content : { remote: remote.name, entry: remote.entry, ...content };
  } catch (error) {
    return `${remote.name}: its page could not be rendered ahead of time (${(error as Error).message}); it renders in the browser.`;
  }
}

/**
 * Renders every page a manifest revision gives the host ahead of time, in each language the runtime
 * config lists: the home page and the sign-in return page; for each area, the shell with the area's skeleton (for all its
 * paths); and for a public area with a server build, its first page with the content, from the same
 * build the manifest points the browser at.
 * An area that cannot be rendered (no server build, a canary running, a render that throws, a
 * remote that does not answer within its time limit) keeps the shell page and is named in
 * `warnings`; nothing here makes a page fail.
 */
export async function prerenderPages(input: PrerenderInput): Promise<PrerenderedPages> {
  const fetchImpl = input.fetchImpl ?? fetch;
  const built = readFileSync(join(input.hostDir, 'index.html'), 'utf8');
  assertTemplate(built);
  const serverDir = join(input.hostDir, 'server');
  const { entry, integrity } = JSON.parse(readFileSync(join(serverDir, 'server.json'), 'utf8')) as {
    entry: string;
    integrity: string;
  };
  const renderer = loadServerBundle({
    code: readFileSync(join(serverDir, entry), 'utf8'),
    integrity,
    publicPath: '/',
    label: 'the host',
  }) as HostRenderer;
  // The config as the host reads it (its defaults included), so the pages agree with the browser.
  const checked = validateRuntimeConfig(input.config);
  if (!checked.ok) throw new Error(`The runtime config is invalid: ${checked.problems.join('; ')}.`);
  const { config } = checked;
  const template = withManifestPreload(built, config.manifestUrl);
  const { defaultLocale } = config.i18n;
  const locales = [defaultLocale, ...config.i18n.locales.filter((locale) => locale !== defaultLocale)];
  const { remotes, contributors } = parseManifest(input.manifest, {
    allowedOrigins: [input.origin, ...config.allowedRemoteOrigins],
    requireIntegrity: config.requireIntegrity,
  });
  const warnings: string[] = [];
  const provided = { [CONTRACT_PACKAGE]: renderer.contract };
  // Every remote's server build at once, each within its own time limit (remote-server-build.ts), so
  // a remote that hangs delays a revision's pages by its limit at most and no other remote's part:
  // public contributions to slots (a page whose slot they fill holds them), and each public area's
  // content, fetched and checked once for every language.
  const [contributions, areas] = await Promise.all([
    publicContributions([...remotes, ...contributors], fetchImpl, provided),
    Promise.all(remotes.map((remote) => publicArea(remote, fetchImpl, provided))),
  ]);
  warnings.push(...contributions.warnings);
  const contents = new Map<string, Content>();
  for (const area of areas) {
    if (typeof area === 'string') warnings.push(area);
    else if (area) contents.set(area.remote, area);
  }
  const render = async (locale: string, path: string, content?: Content) => {
    const page = await renderer.renderPage({
      origin: input.origin,
      config: input.config,
      manifest: input.manifest,
      path,
      locale,
      ...(content ? { content: { remote: content.remote, module: content.module, version: content.version } } : {}),
      contributions: contributions.contents.map(({ remote, module, exports, version, scripts }) => ({
        remote,
        module,
        exports,
        version,
        scripts,
      })),
    });
    // React finished a part that threw by leaving it to the browser: such a page is not served
    // (the browser renders that path from index.html, or the area's shell page) and the release says why.
    if (page.errors?.length) throw new RenderError(page.errors);
    // The files of what the HTML holds: the area's, then those of each contribution it rendered.
    const held: Array<Pick<ContributionContent, 'stylesheets' | 'scripts'>> = [
      ...(content ? [content] : []),
      ...heldContributionFiles(page.contributions ?? [], contributions.contents),
    ];
    const unique = (files: readonly LinkedFile[]) => [...new Map(files.map((file) => [file.href, file])).values()];
    return pageHtml(template, {
      root: page.html,
      title: page.title,
      data: page.data,
      lang: page.locale,
      dir: page.dir,
      ...(content ? { holdsArea: true } : {}),
      // Nothing but the area to start: its first script does it all (no boot script).
      ...(content && !page.contributions?.length ? { areaEntry: content.entry } : {}),
      ...(held.length
        ? {
            stylesheets: unique(held.flatMap((files) => files.stylesheets)),
            scripts: unique(held.flatMap((files) => files.scripts)),
          }
        : {}),
    });
  };
  const pages = new Map<string, LocalePages>();
  const pageName = (locale: string, path: string) => `the ${locale} page ${path}`;
  for (const locale of locales) {
    const exact = new Map<string, string>();
    const under: Array<{ prefix: string; html: string }> = [];
    // The home page, and the sign-in return page (the shell and a heading while the sign-in completes).
    for (const path of ['/', rules.hostPaths.callback]) {
      try {
        exact.set(path, await render(locale, path));
      } catch (error) {
        warnings.push(
          `${pageName(locale, path)} could not be rendered ahead of time (${(error as Error).message}); the browser renders it.`,
        );
      }
    }
    for (const remote of remotes) {
      try {
        under.push({ prefix: remote.path, html: await render(locale, remote.path) });
      } catch (error) {
        warnings.push(
          `${pageName(locale, `${remote.path}/…`)} (${remote.name}'s shell) could not be rendered ahead of time (${(error as Error).message}); the browser renders those paths.`,
        );
      }
      const content = contents.get(remote.name);
      if (!content) continue;
      try {
        exact.set(remote.path, await render(locale, remote.path, content));
      } catch (error) {
        const fallback = under.some(({ prefix }) => prefix === remote.path)
          ? "the area's shell page is served instead"
          : 'the browser renders it';
        warnings.push(
          `${remote.name}: ${pageName(locale, remote.path)} could not be rendered ahead of time (${(error as Error).message}); ${fallback}, and the area renders in the browser.`,
        );
      }
    }
    for (const { prefix, html } of under) if (!exact.has(prefix)) exact.set(prefix, html);
    pages.set(locale, { exact, under: under.sort((a, b) => b.prefix.length - a.prefix.length) });
  }
  return { defaultLocale, locales: pages, warnings };
}
