import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { OWN_ROOT } from '@mfe/manifest/remote-build';
import type { RemotePlan } from './remote-plan';
import { editPackageJson, withPackages } from './template';

// `--bundler rspack|rsbuild`: the area builds with Rspack through the preset (`bundler: 'rspack'`), or
// with Rsbuild through the preset's plugin (`pluginMfeArea`), instead of webpack. Its config is written
// from the plan (one more file beside webpack.config.js, which `pnpm dev`'s Fast Refresh keeps using),
// its package.json builds with that bundler and installs it.

/** The bundlers an area may build with; the first is the default. */
export const BUNDLERS = ['webpack', 'rspack', 'rsbuild'] as const;
export type BundlerName = (typeof BUNDLERS)[number];

/** What `--bundler` takes, said in each command's usage. */
export const BUNDLER_USAGE = `--bundler rspack|rsbuild: the area builds with Rspack or Rsbuild through the platform's preset instead of webpack (docs/guides/other-bundlers.md).`;

interface BundlerBuild {
  /** The config file the bundler reads. */
  readonly file: string;
  readonly text: (plan: RemotePlan, preset: string) => string;
  /** The package's `build` script. */
  readonly build: string;
  /** The packages it installs (devDependencies), by the names the catalog and versions.json know them by. */
  readonly packages: readonly string[];
}

/** An area in a root of its own has no server build (its pages render in the browser). */
const ownRoot = (plan: RemotePlan) => plan.react !== undefined;

const BUILDS: Readonly<Record<Exclude<BundlerName, 'webpack'>, BundlerBuild>> = {
  rspack: {
    file: 'rspack.config.js',
    text: (plan, preset) => {
      const options = `appDir: __dirname, name: '${plan.name}', mode: argv.mode, bundler: 'rspack'`;
      return `const { remoteConfig${ownRoot(plan) ? '' : ', remoteServerConfig'} } = require('${preset}');

// Built with Rspack (\`pnpm build\`) through the platform's preset: the same build as webpack.config.js,
// which \`pnpm dev\` keeps using for React Fast Refresh on webpack's dev server.
module.exports = (_env, argv) => ${
        ownRoot(plan)
          ? `remoteConfig({ ${options}, mount: '${OWN_ROOT}' });`
          : `[remoteConfig({ ${options} }), remoteServerConfig({ ${options} })];`
      }
`;
    },
    build: 'rspack build --mode production',
    packages: ['@rspack/core', '@rspack/cli'],
  },
  rsbuild: {
    file: 'rsbuild.config.cjs',
    text: (plan, preset) => `const { pluginMfeArea } = require('${preset}');

// Built with Rsbuild (\`pnpm build\`) through the platform's plugin: the same build as webpack.config.js
// (${ownRoot(plan) ? 'for a root of its own' : 'and the server build its public pages are prerendered from'}), which \`pnpm dev\` keeps
// using for React Fast Refresh on webpack's dev server.
/** @type {import('@rsbuild/core').RsbuildConfig} */
module.exports = { plugins: [pluginMfeArea({ name: '${plan.name}'${ownRoot(plan) ? `, mount: '${OWN_ROOT}'` : ''} })] };
`,
    build: 'rsbuild build --mode production',
    packages: ['@rsbuild/core'],
  },
};

/** Where the area's config takes the preset from: where its webpack.config.js, as the template wrote it, does. */
function presetOf(appDir: string): string {
  const preset = /require\('([^']+)'\)/.exec(readFileSync(join(appDir, 'webpack.config.js'), 'utf8'))?.[1];
  if (!preset) throw new Error(`${appDir}/webpack.config.js does not require the preset: the template is broken.`);
  return preset;
}

/**
 * Makes the area written in `appDir` build with the plan's bundler (nothing for webpack): writes its
 * config, and sets its build script and devDependencies (`versionOf` a package: `catalog:` in this
 * repository, the toolkit's tested version standalone). Returns the files written, relative to `root`.
 */
export function applyBundler(
  appDir: string,
  plan: RemotePlan,
  versionOf: (name: string) => string,
  root: string,
): string[] {
  if (plan.bundler === undefined) return [];
  const bundler = BUILDS[plan.bundler];
  writeFileSync(join(appDir, bundler.file), bundler.text(plan, presetOf(appDir)));
  editPackageJson(appDir, (pkg) => {
    pkg.scripts.build = bundler.build;
    pkg.devDependencies = withPackages(
      pkg.devDependencies,
      Object.fromEntries(bundler.packages.map((name) => [name, versionOf(name)])),
    );
  });
  return [relative(root, join(appDir, bundler.file))];
}
