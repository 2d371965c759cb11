import { matchesPin } from '@mfe/manifest/sri';
import rules from '@mfe/manifest/rules.json';

// The names a server build leaves to its renderer (the preset's server-build.js reads the same rules).
const PRERENDER_CONTEXT: readonly string[] = [rules.build.prerenderContext, ...rules.build.prerenderContextFormerNames];
const SERVER_EXTERNALS: readonly string[] = [...rules.build.singletons, ...rules.build.serverRenderers];

/** A server build as published beside its browser build: `server/server.json` and the file it names. */
export interface ServerBundle {
  readonly code: string;
  /** sha384 of `code`, as its build recorded it. */
  readonly integrity: string;
  /** Where its assets are served from (the browser build's folder). */
  readonly publicPath: string;
  /** For messages: which build this is. */
  readonly label: string;
  /** Shared modules the renderer got from another build (the contract package, from the host's). */
  readonly provided?: Readonly<Record<string, unknown>>;
}

/**
 * The renderer's own singletons, one instance for the host's shell and every area on the page —
 * as in the browser, where the host provides them — and nothing else: a server build that asks for
 * another package was not built with the preset.
 */
function sharedModules(publicPath: string, provided: Readonly<Record<string, unknown>>): (name: string) => unknown {
  return (name) => {
    if (PRERENDER_CONTEXT.includes(name)) return { publicPath };
    if (name in provided) return provided[name];
    if (!SERVER_EXTERNALS.includes(name))
      throw new Error(`asks for "${name}", which a server build must bundle (only the shared singletons are provided)`);
    return requireProduction(name);
  };
}

/**
 * The renderer's own copy of a singleton (in an ES module bundle, the banner's createRequire gives
 * `require`), loaded as its production build whatever NODE_ENV says: React's development server
 * renderer writes an error's message, server stack and component stack into the HTML of a part
 * that threw, and prerendered pages are public. The packages read NODE_ENV when first loaded, so the
 * choice is made once: a process that had already loaded React keeps the build it has (one React
 * for the whole page; pages that recorded an error are not served either way: pages.ts).
 */
function requireProduction(name: string): unknown {
  productionSingletons ??= !isLoaded('react');
  const before = process.env.NODE_ENV;
  if (productionSingletons) process.env.NODE_ENV = 'production';
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(name);
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
}

let productionSingletons: boolean | undefined;

function isLoaded(name: string): boolean {
  try {
    return require.resolve(name) in require.cache;
  } catch {
    return false;
  }
}

export class ServerBundleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerBundleError';
  }
}

/** Runs a server build (CommonJS) with the renderer's singletons, after checking its bytes. */
export function loadServerBundle(bundle: ServerBundle): unknown {
  if (!matchesPin(bundle.integrity, bundle.code))
    throw new ServerBundleError(
      `${bundle.label}: the server build's bytes do not match its recorded sha384 (${bundle.integrity}); it was not run.`,
    );
  const module: { exports: unknown } = { exports: {} };
  const provide = sharedModules(bundle.publicPath, bundle.provided ?? {});
  try {
    // eslint-disable-next-line no-new-func -- a build whose bytes were checked above, run as CommonJS with the renderer's own singletons
    new Function('module', 'exports', 'require', bundle.code)(module, module.exports, (name: string) => {
      try {
        return provide(name);
      } catch (error) {
        throw new ServerBundleError(`${bundle.label}: ${(error as Error).message}`);
      }
    });
  } catch (error) {
    if (error instanceof ServerBundleError) throw error;
    throw new ServerBundleError(`${bundle.label}: the server build failed to load (${(error as Error).message}).`);
  }
  return module.exports;
}
