/**
 * @jest-environment node
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type webpack from 'webpack';

// The configs the preset produces, read as webpack would get them. This package's own development
// installation is the "app" (it has React, the router, the contract and every build tool).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const preset = require('../index.js') as {
  FirstScriptPriorityPlugin: new (appDir: string) => unknown;
  HOST_SINGLETONS: string[];
  baseConfig(options: { appDir: string; mode: string }): webpack.Configuration;
  hostConfig(options: {
    appDir: string;
    mode?: string;
    entry?: string;
    boot?: boolean;
    sharedImports?: Record<string, string>;
    extend?: (config: webpack.Configuration) => webpack.Configuration;
  }): webpack.Configuration;
  remoteConfig(options: {
    appDir: string;
    name: string;
    mode?: string;
    exposes?: unknown;
    mount?: string;
    extend?: (config: webpack.Configuration) => webpack.Configuration;
  }): webpack.Configuration;
  hostFederationPlugin(appDir: string, options?: { name?: string; sharedImports?: Record<string, string> }): unknown;
  bootConfig(options: { appDir: string; mode?: string; entry: string }): webpack.Configuration;
  silentCallbackConfig(options: { appDir: string; mode?: string; entry: string }): webpack.Configuration;
  providedVersions(appDir: string): Record<string, string>;
  serverConfig(options: {
    appDir: string;
    mode?: string;
    entry: string;
    name: string;
    uniqueName?: string;
    bundled?: string[];
  }): webpack.Configuration;
  remoteServerConfig(options: { appDir: string; name: string; mode?: string }): webpack.Configuration;
};

const appDir = join(__dirname, '..');
const pluginNamed = (config: webpack.Configuration, name: string) =>
  (config.plugins ?? []).filter((plugin) => plugin?.constructor.name === name) as Array<{
    _options?: Record<string, unknown>;
  }>;

// ownReactFolders is an own-root area's: its build and its team's test runner resolve React the same way.
test('the published preset offers the app factories and nothing for tests or benchmarks', () => {
  expect(Object.keys(preset).sort()).toEqual([
    'FirstScriptPriorityPlugin',
    'HOST_SINGLETONS',
    'baseConfig',
    'bootConfig',
    'hostConfig',
    'hostFederationPlugin',
    'ownReactFolders',
    'pluginMfeArea',
    'providedVersions',
    'remoteConfig',
    'remoteServerConfig',
    'serverConfig',
    'shellStylesheet',
    'silentCallbackConfig',
  ]);
});

test('a remote exposes ./remote only, takes every singleton from the host with no fallback, and pins its files', () => {
  const config = preset.remoteConfig({ appDir, name: 'payments' });
  const [federation] = pluginNamed(config, 'ModuleFederationPlugin');
  const options = federation!._options as {
    name: string;
    exposes: unknown;
    shared: Record<string, Record<string, unknown>>;
    shareStrategy: string;
    dts: boolean;
    experiments: { externalRuntime: boolean };
  };
  expect(options.name).toBe('payments');
  expect(options.exposes).toEqual({ './remote': './src/remote.tsx' });
  expect(Object.keys(options.shared).sort()).toEqual([...preset.HOST_SINGLETONS].sort());
  for (const shared of Object.values(options.shared))
    expect(shared).toMatchObject({ singleton: true, strictVersion: true, import: false });
  expect(options.shared['@mfe/context']!.requiredVersion).toMatch(/^\^\d+\.\d+\.\d+$/);
  expect(options.shared.react!.requiredVersion).toMatch(/^\^\d+\.0\.0$/);
  expect(options).toMatchObject({ shareStrategy: 'loaded-first', dts: false, experiments: { externalRuntime: true } });
  expect(config.output).toMatchObject({ publicPath: 'auto', uniqueName: 'payments', crossOriginLoading: 'anonymous' });
  for (const name of [
    'SubresourceIntegrityPlugin',
    'EntryIntegrityPlugin',
    'CssIntegrityPlugin',
    'MiniCssExtractPlugin',
    'StyleRulesPlugin',
  ])
    expect(pluginNamed(config, name)).toHaveLength(1);
});

test('a remote passed `exposes` still exposes ./remote only (the option is gone)', () => {
  const config = preset.remoteConfig({ appDir, name: 'payments', exposes: { './other': './src/other.tsx' } });
  expect(pluginNamed(config, 'ModuleFederationPlugin')[0]!._options!.exposes).toEqual({
    './remote': './src/remote.tsx',
  });
});

test("a remote's contributions are its src/contributions files, each exposed under the name the manifest uses", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { contributionExposes } = require('./remote.js') as {
    contributionExposes(dir: string): Record<string, string>;
  };
  const dir = mkdtempSync(join(tmpdir(), 'contributions-'));
  expect(contributionExposes(dir)).toEqual({});
  mkdirSync(join(dir, 'src/contributions'), { recursive: true });
  for (const file of ['referral-card.tsx', 'referral-card.test.tsx', 'invite-tile.ts', 'notes.md'])
    writeFileSync(join(dir, 'src/contributions', file), '');
  expect(contributionExposes(dir)).toEqual({
    './contributions/invite-tile': './src/contributions/invite-tile.ts',
    './contributions/referral-card': './src/contributions/referral-card.tsx',
  });
  writeFileSync(join(dir, 'src/contributions', 'Bad_Name.tsx'), '');
  expect(() => contributionExposes(dir)).toThrow(/Bad_Name\.tsx: a contribution's file name must be/);
  rmSync(dir, { recursive: true, force: true });
});

test('an area in a root of its own shares nothing, bundles its own React wherever it is imported from, and records how it mounts', () => {
  const config = preset.remoteConfig({ appDir, name: 'older', mount: 'own-root' });
  expect(pluginNamed(config, 'ModuleFederationPlugin')[0]!._options!.shared).toEqual({});
  const alias = config.resolve!.alias as Record<string, string>;
  expect(alias.react).toBe(join(require.resolve('react/package.json', { paths: [appDir] }), '..'));
  expect(alias['react-dom']).toBe(join(require.resolve('react-dom/package.json', { paths: [appDir] }), '..'));
  expect((pluginNamed(config, 'EntryIntegrityPlugin')[0] as unknown as { mount: string }).mount).toBe('own-root');
  expect(
    (
      pluginNamed(preset.remoteConfig({ appDir, name: 'tree' }), 'EntryIntegrityPlugin')[0] as unknown as {
        mount: string;
      }
    ).mount,
  ).toBe('host-tree');
});

test('an own-root area with contributions, or an unknown mount, is refused at build time, saying why', () => {
  const dir = mkdtempSync(join(tmpdir(), 'own-root-'));
  mkdirSync(join(dir, 'src/contributions'), { recursive: true });
  writeFileSync(join(dir, 'src/contributions', 'tile.tsx'), '');
  expect(() => preset.remoteConfig({ appDir: dir, name: 'older', mount: 'own-root' })).toThrow(
    /a contribution renders in the host's React tree/,
  );
  rmSync(dir, { recursive: true, force: true });
  expect(() => preset.remoteConfig({ appDir, name: 'older', mount: 'iframe' })).toThrow(
    /mount must be "host-tree" \(the default\) or "own-root", not "iframe"/,
  );
});

test('a remote name the manifest would refuse is refused at build time, with the rule', () => {
  expect(() => preset.remoteConfig({ appDir, name: 'Bad Name!' })).toThrow(/Remote name "Bad Name!" must be/);
});

test('development builds of a remote skip what only production needs', () => {
  const config = preset.remoteConfig({ appDir, name: 'payments', mode: 'development' });
  expect(pluginNamed(config, 'CssIntegrityPlugin')).toHaveLength(0);
  expect(config.devtool).toBe('cheap-module-source-map');
  expect(config.output!.filename).toBe('[name].js');
});

test('the host provides every singleton eagerly at its installed version, knows no remote at build time, and describes itself; it takes its own copies with no range to check', () => {
  const config = preset.hostConfig({ appDir, boot: true });
  const options = pluginNamed(config, 'ModuleFederationPlugin')[0]!._options as {
    remotes: unknown;
    shared: Record<string, Record<string, unknown>>;
    shareStrategy: string;
  };
  const provided = preset.providedVersions(appDir);
  expect(options.remotes).toEqual({});
  for (const name of preset.HOST_SINGLETONS)
    expect(options.shared[name]).toMatchObject({
      singleton: true,
      eager: true,
      version: provided[name],
      requiredVersion: false,
    });
  expect(options.shareStrategy).toBe('loaded-first');
  expect(pluginNamed(config, 'HostDescriptionPlugin')).toHaveLength(1);
  expect(pluginNamed(config, 'FirstScriptPriorityPlugin')).toHaveLength(1);
  expect(config.dependencies).toEqual(['boot']);
  expect(config.entry).toEqual({ main: './src/index.ts' });
  expect(preset.hostConfig({ appDir, entry: './src/startup/first-script.ts' }).entry).toEqual({
    main: './src/startup/first-script.ts',
  });
  expect(config.devtool).toBe('hidden-source-map');
  expect(config.output).toMatchObject({ publicPath: '/', filename: '[name].[contenthash:8].js' });
});

test('a host module can provide a singleton in place of the package itself', () => {
  const config = preset.hostConfig({ appDir, sharedImports: { 'react-router': './src/router.ts' } });
  const shared = (
    pluginNamed(config, 'ModuleFederationPlugin')[0]!._options as { shared: Record<string, { import?: string }> }
  ).shared;
  expect(shared['react-router']!.import).toBe(join(appDir, 'src/router.ts'));
  expect(shared.react!.import).toBeUndefined();
});

test("a page with a template of its own gets the host's federation plugin as the host is built with it", () => {
  const options = (plugin: unknown) => (plugin as { _options: Record<string, unknown> })._options;
  const hosts = pluginNamed(
    preset.hostConfig({ appDir, sharedImports: { 'react-router': './src/router.ts' } }),
    'ModuleFederationPlugin',
  );
  const alone = preset.hostFederationPlugin(appDir, { sharedImports: { 'react-router': './src/router.ts' } });
  expect(options(alone)).toEqual(options(hosts[0]));
  expect(options(preset.hostFederationPlugin(appDir, { name: 'floor' })).name).toBe('floor');
});

test('extend runs last and must return the configuration', () => {
  const extended = preset.remoteConfig({
    appDir,
    name: 'payments',
    extend: (config) => ({ ...config, devtool: false }),
  });
  expect(extended.devtool).toBe(false);
  expect(() =>
    preset.remoteConfig({ appDir, name: 'payments', extend: () => undefined as unknown as webpack.Configuration }),
  ).toThrow(/must return the configuration/);
});

test('the boot script and the silent sign-in page are builds of their own, with nothing shared', () => {
  const boot = preset.bootConfig({ appDir, entry: './src/startup/boot-script.ts' });
  expect(boot).toMatchObject({
    name: 'boot',
    entry: { boot: './src/startup/boot-script.ts' },
    output: { publicPath: '/boot/', path: join(appDir, 'dist', 'boot') },
  });
  expect(pluginNamed(boot, 'ModuleFederationPlugin')).toHaveLength(0);
  const silent = preset.silentCallbackConfig({ appDir, entry: './src/auth/silent.ts' });
  expect(silent).toMatchObject({
    name: 'silent-callback',
    output: { publicPath: '/auth/', path: join(appDir, 'dist', 'auth') },
  });
  expect(pluginNamed(silent, 'ModuleFederationPlugin')).toHaveLength(0);
  expect(pluginNamed(silent, 'HtmlWebpackPlugin')).toHaveLength(1);
});

test("every config starts from the common base: swc for TypeScript, the style rules, react-router's production build", () => {
  const config = preset.baseConfig({ appDir, mode: 'production' });
  const rules = (config.module!.rules ?? []) as webpack.RuleSetRule[];
  expect(rules.some((rule) => String(rule.test) === String(/\.tsx?$/))).toBe(true);
  expect(rules.some((rule) => String(rule.test) === String(/\.global\.css$/))).toBe(true);
  expect((config.resolve!.alias as Record<string, string>)['react-router$']).toMatch(
    /dist[\\/]production[\\/]index\.mjs$/,
  );
  expect(pluginNamed(config, 'StyleRulesPlugin')).toHaveLength(1);
});

test('a server build leaves the shared singletons to its renderer, bundles what it is told, and names CSS classes as the browser build does', () => {
  const server = preset.serverConfig({
    appDir,
    entry: './src/page.tsx',
    name: 'render',
    uniqueName: 'host',
    bundled: ['@mfe/context'],
  });
  expect(server.target).toBe('node20');
  expect(server.externals).toEqual([
    ...preset.HOST_SINGLETONS.filter((name) => name !== '@mfe/context'),
    'react-dom/server',
    'react-dom/static',
    '@mfe-alias/prerender-context',
  ]);
  expect(server.output).toMatchObject({ filename: '[name].js', library: { type: 'commonjs2' } });
  expect((server.output?.path ?? '').endsWith(join('dist', 'server'))).toBe(true);
  const cssOptions = (config: webpack.Configuration) =>
    JSON.stringify(
      (config.module?.rules ?? []).find(
        (rule) => rule && typeof rule === 'object' && String(rule.test) === String(/\.css$/),
      ),
    );
  const browserCss = JSON.parse(cssOptions(preset.remoteConfig({ appDir, name: 'referrals' }))) as {
    use: Array<{ options?: { modules?: { localIdentName?: string } } }>;
  };
  const serverCss = JSON.parse(cssOptions(preset.remoteServerConfig({ appDir, name: 'referrals' }))) as {
    use: Array<{ options?: { modules?: { localIdentName?: string; exportOnlyLocals?: boolean } } }>;
  };
  expect(serverCss.use[0]?.options?.modules).toMatchObject({
    localIdentName: browserCss.use[1]?.options?.modules?.localIdentName,
    exportOnlyLocals: true,
  });
  // The public path of its assets comes from the renderer first.
  expect(
    (preset.remoteServerConfig({ appDir, name: 'referrals' }).entry as Record<string, string[]>).remote?.[0],
  ).toMatch(/server-public-path\.js$/);
});

test("a remote's browser build keeps its server build when it cleans dist/", () => {
  const { output } = preset.remoteConfig({ appDir, name: 'referrals' });
  const keep = (output?.clean as { keep: (file: string) => boolean }).keep;
  // webpack names a file relative to dist/, Rspack by its whole path.
  expect(keep('server/remote.js')).toBe(true);
  expect(keep(join(output!.path!, 'server', 'remote.js'))).toBe(true);
  expect(keep('main.js')).toBe(false);
  expect(keep(join(output!.path!, 'assets', 'server.svg'))).toBe(false);
});

test('a bundler loads each of its tools only when a config asks for it (a single bundle needs no federation)', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { bundlerFor } = require('./bundler') as {
    bundlerFor(appDir: string, name?: string): { name: string; CssExtractPlugin: unknown };
  };
  const nothingInstalled = mkdtempSync(join(tmpdir(), 'mfe-no-tools-'));
  try {
    for (const name of ['webpack', 'rspack']) {
      const bundler = bundlerFor(nothingInstalled, name);
      expect(bundler.name).toBe(name);
      expect(() => bundler.CssExtractPlugin).toThrow(
        /builds with (mini-css-extract-plugin|@rspack\/core), which it has not installed/,
      );
    }
    expect(() => bundlerFor(nothingInstalled, 'vite')).toThrow('bundler must be "webpack" or "rspack", not "vite".');
  } finally {
    rmSync(nothingInstalled, { recursive: true, force: true });
  }
});

test("a remote's build logs everything but the manifest plugin's notice about the public path 'auto' it sets on purpose", () => {
  const config = preset.remoteConfig({ appDir, name: 'payments' });
  expect(config.output?.publicPath).toBe('auto');
  const logged = config.infrastructureLogging?.console as Console;
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    logged.warn(
      "<w> [Module Federation Manifest Plugin] Manifest will use absolute path resolution via its host at runtime, reason: publicPath='auto'",
    );
    expect(warn).not.toHaveBeenCalled();
    logged.warn('<w> [webpack.cache.PackFileCacheStrategy] Caching failed for pack');
    expect(warn).toHaveBeenCalledWith('<w> [webpack.cache.PackFileCacheStrategy] Caching failed for pack');
  } finally {
    warn.mockRestore();
  }
});
