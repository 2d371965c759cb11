import { createRequire } from 'node:module';
import { join } from 'node:path';
import { refreshableRemote, type WebpackConfig } from './fast-refresh';

export interface RemoteDevServer {
  readonly origin: string;
  close(): Promise<void>;
}

/**
 * Serves one remote from webpack's dev server with React Fast Refresh, built with the remote's
 * own webpack and `webpack.config.js` (mode development): a saved component re-renders in place
 * inside the host; an edit no component accepts (e.g. `remote.tsx`) reloads the page. Resolves
 * once the first build is done.
 */
export async function startRemoteDevServer(options: {
  readonly appDir: string;
  readonly port: number;
}): Promise<RemoteDevServer> {
  const origin = `http://localhost:${options.port}`;
  const fromApp = createRequire(join(options.appDir, 'package.json'));
  const factory = fromApp(join(options.appDir, 'webpack.config.js')) as (
    env: unknown,
    argv: { mode: string },
  ) => WebpackConfig | WebpackConfig[];
  const built = factory({}, { mode: 'development' });
  // The browser build only: a server build (for prerendered pages) has nothing to serve here.
  const browser = (Array.isArray(built) ? built : [built]).find(
    (candidate) => !String(candidate.name ?? '').endsWith('-server'),
  );
  if (!browser) throw new Error(`${options.appDir}/webpack.config.js has no browser build.`);
  const config = refreshableRemote(browser);
  const webpack = fromApp('webpack') as (config: WebpackConfig) => {
    hooks: { done: { tap(name: string, callback: () => void): void } };
  };
  const compiler = webpack({ ...config, output: { ...config.output, publicPath: `${origin}/` } });
  const firstBuild = new Promise<void>((resolve) => compiler.hooks.done.tap('mfe-dev', () => resolve()));
  const { default: WebpackDevServer } = await import('webpack-dev-server');
  const server = new WebpackDevServer(
    {
      port: options.port,
      host: 'localhost',
      // The host page (another origin) loads the entry and opens the reload socket.
      headers: { 'Access-Control-Allow-Origin': '*' },
      allowedHosts: 'all',
      hot: true,
      liveReload: true,
      client: {
        webSocketURL: `ws://localhost:${options.port}/ws`,
        overlay: { errors: true, warnings: false, runtimeErrors: false },
        logging: 'warn',
      },
      static: false,
    },
    compiler as never,
  );
  await server.start();
  await firstBuild;
  return { origin, close: () => server.stop() };
}
