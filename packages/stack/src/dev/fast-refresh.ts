import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * React Fast Refresh across the federation boundary, for `pnpm dev <remote>`:
 * - the host is built for development with the refresh runtime hooked in first
 *   (`refresh-host-setup.ts`), since production React cannot refresh;
 * - the remote is built with the refresh transform and plugin, and its
 *   `react-refresh/runtime` is the host's instance (`refresh-runtime-shim.cjs`):
 *   one registry for the page, so an edit re-renders the component in place.
 */
const here = dirname(fileURLToPath(import.meta.url));
const load = createRequire(import.meta.url);

type Use = { loader?: string; options?: { jsc?: { transform?: { react?: Record<string, unknown> } } } };
type Rule = { test?: unknown; use?: Use | Use[] };
export interface WebpackConfig {
  name?: string;
  entry?: unknown;
  output?: Record<string, unknown>;
  module?: { rules?: Rule[] };
  resolve?: { alias?: Record<string, string> };
  plugins?: unknown[];
}

/** The host's development config: the refresh runtime first, and its own output folder. */
export function refreshableHost(config: WebpackConfig, outputPath: string): WebpackConfig {
  const entry = config.entry as { main?: string | string[] } | undefined;
  const main = entry?.main === undefined ? [] : Array.isArray(entry.main) ? entry.main : [entry.main];
  return {
    ...config,
    entry: { ...(entry ?? {}), main: [join(here, 'refresh-host-setup.ts'), ...main] },
    output: { ...config.output, path: outputPath },
  };
}

/** The remote's development config: refresh transform, plugin, and the host's runtime. */
export function refreshableRemote(config: WebpackConfig): WebpackConfig {
  const ReactRefreshPlugin = load('@pmmmwh/react-refresh-webpack-plugin') as new (
    options: Record<string, unknown>,
  ) => unknown;
  // The refresh transform runs only with development JSX (mapped onto the shared runtime below).
  const refreshing = (use: Use): Use => {
    const options = use.loader?.includes('swc-loader') ? use.options : undefined;
    if (!options) return use;
    return {
      ...use,
      options: {
        ...options,
        jsc: {
          ...options.jsc,
          transform: {
            ...options.jsc?.transform,
            react: { ...options.jsc?.transform?.react, development: true, refresh: true },
          },
        },
      },
    };
  };
  const rules = (config.module?.rules ?? []).map((rule) =>
    rule.use === undefined
      ? rule
      : { ...rule, use: Array.isArray(rule.use) ? rule.use.map(refreshing) : refreshing(rule.use) },
  );
  const shim = join(here, 'refresh-runtime-shim.cjs');
  // The plugin's loader imports the runtime by its resolved path, so both names lead to the shim.
  const runtimePath = createRequire(load.resolve('@pmmmwh/react-refresh-webpack-plugin')).resolve(
    'react-refresh/runtime',
  );
  return {
    ...config,
    module: { ...config.module, rules },
    resolve: {
      ...config.resolve,
      alias: {
        ...config.resolve?.alias,
        'react-refresh/runtime$': shim,
        [`${runtimePath}$`]: shim,
        'react/jsx-dev-runtime$': join(here, 'jsx-dev-runtime-shim.cjs'),
      },
    },
    plugins: [
      ...(config.plugins ?? []),
      // `library` keeps this remote's registrations apart from any other refresh-enabled bundle on the
      // page; the shim itself is not a module to refresh (it would import itself).
      new ReactRefreshPlugin({
        overlay: false,
        library: String(config.output?.uniqueName ?? 'remote'),
        exclude: [/node_modules/, /-shim\.cjs$/],
      }),
    ],
  };
}
