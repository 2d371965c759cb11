import { createRequire } from 'node:module';
import { join } from 'node:path';
import { refreshableHost, type WebpackConfig } from './fast-refresh';

interface Stats {
  hasErrors(): boolean;
  toString(options: unknown): string;
}

/**
 * Builds the host for development into `outDir`: development React (production React cannot
 * refresh) with the Fast Refresh runtime hooked in first, and its silent sign-in page under
 * `auth/` and its boot script under `boot/`. `pnpm dev <remote>` builds it on start; `@mfe/dev-host` ships it prebuilt.
 */
export async function buildDevHost(hostDir: string, outDir: string): Promise<void> {
  const fromHost = createRequire(join(hostDir, 'package.json'));
  const factory = fromHost(join(hostDir, 'webpack.config.js')) as (
    env: unknown,
    argv: { mode: string },
  ) => WebpackConfig[];
  // Not the server build (prerendered pages): development pages render in the browser.
  const configs = factory({}, { mode: 'development' })
    .filter((config) => !String(config.name ?? '').endsWith('-server'))
    .map((config) =>
      config.name === 'silent-callback' || config.name === 'boot'
        ? { ...config, output: { ...config.output, path: join(outDir, config.name === 'boot' ? 'boot' : 'auth') } }
        : refreshableHost(config, outDir),
    );
  const webpack = fromHost('webpack') as (configs: WebpackConfig[]) => {
    run(callback: (error: Error | null, stats?: Stats) => void): void;
  };
  await new Promise<void>((resolve, reject) =>
    webpack(configs).run((error, stats) => {
      if (error || stats?.hasErrors())
        reject(error ?? new Error(`The host's development build failed:\n${stats?.toString('errors-only')}`));
      else resolve();
    }),
  );
}
