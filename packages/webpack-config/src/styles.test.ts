/**
 * @jest-environment node
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpack from 'webpack';

// The preset's style rules as webpack really applies them: a tiny app built with them.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const styles = require('./styles') as {
  styleAndAssetRules(appDir: string, uniqueName: string, production: boolean, bundler: unknown): webpack.RuleSetRule[];
  cssExtractPlugin(production: boolean, bundler: unknown): webpack.WebpackPluginInstance;
  StyleRulesPlugin: new () => webpack.WebpackPluginInstance;
  globalCssFiles(compilation: webpack.Compilation, appDir: string): string[];
};

const packageDir = join(__dirname, '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const bundler = (require('./bundler') as { bundlerFor(appDir: string): unknown }).bundlerFor(packageDir);

/** Builds an app whose entry imports the given CSS files; resolves with webpack's errors as text and the global CSS it found. */
function build(files: Record<string, string>): Promise<{ errors: string[]; globalCss: string[]; css: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'mfe-styles-'));
  mkdirSync(join(dir, 'src'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'src', name), text);
  writeFileSync(
    join(dir, 'src', 'index.js'),
    Object.keys(files)
      .map((name) => `import './${name}';`)
      .join('\n'),
  );
  let globalCss: string[] = [];
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './src/index.js',
    output: { path: join(dir, 'dist') },
    // Loaders come from this package's own (development) installation.
    resolveLoader: { modules: [join(packageDir, 'node_modules'), 'node_modules'] },
    module: { rules: styles.styleAndAssetRules(packageDir, 'area', false, bundler) },
    plugins: [
      styles.cssExtractPlugin(false, bundler),
      new styles.StyleRulesPlugin(),
      {
        apply: (c: webpack.Compiler) =>
          c.hooks.afterCompile.tap('test', (compilation) => void (globalCss = styles.globalCssFiles(compilation, dir))),
      },
    ],
    optimization: { minimize: false },
    stats: 'none',
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      if (error || !stats) return reject(error ?? new Error('no stats'));
      const errors = (stats.toJson({ all: false, errors: true }).errors ?? []).map((e) => e.message);
      let css = '';
      try {
        css = readFileSync(join(dir, 'dist', 'main.css'), 'utf8');
      } catch {
        // no CSS written when the build failed
      }
      compiler.close(() => resolve({ errors, globalCss, css }));
    }),
  );
}

test.each([
  ['body', 'body { background: red; }'],
  ['html', 'html { font-size: 30px; }'],
  ['*', '* { display: none; }'],
  ['header', 'header { display: none !important; }'],
  [':root', ':root { --mfe-color-accent: red; }'],
  [
    'body:has(.title) header',
    'body:has(.title) { background: red; } body:has(.title) header { display: none !important; }',
  ],
  [':is(header, .title)', ':is(header, .title) { display: none; }'],
  [':where(.title, nav) a', ':where(.title, nav) a { visibility: hidden; }'],
  ['html .title', 'html .title { color: red; }'],
  [':root .title', ':root .title { color: red; }'],
  ['.title ~ header', '.title ~ header { display: none; }'],
  ['.title + *', '.title + * { display: none; }'],
  ['[dir] .title', '[dir] .title { color: red; }'],
])(
  'a CSS Module with a "%s" selector fails the build, naming the file, the selector and what to write instead',
  async (selector, css) => {
    const { errors } = await build({ 'App.css': `.title { color: green; }\n${css}\n` });
    // Once each, whatever the CSS extraction's child compilation reports again.
    expect(errors.join('\n').split('would style the whole page').length - 1).toBe(css.split('{').length - 1);
    expect(errors[0]).toContain('src/App.css');
    expect(errors[0]).toContain(`the selector "${selector}" would style the whole page`);
    expect(errors[0]).toMatch(/Write it on your area's own class instead, e\.g\. "\.root /);
    expect(errors[0]).toContain('*.global.css');
  },
  30_000,
);

test('selectors scoped to a local class, including elements inside it, build; the class is prefixed with the area', async () => {
  const { errors, css, globalCss } = await build({
    'App.css':
      '.root h2, .root > * { margin: 0; }\n.title:hover { color: green; }\n#panel p { color: blue; }\n.card:has(img) { padding: 0; }\n.list > li ~ li { border-top: 1px solid; }\n.root :is(h2, h3) { margin: 0; }\n@keyframes spin { from { rotate: 0deg; } to { rotate: 360deg; } }\n',
  });
  expect(errors).toEqual([]);
  expect(css).toMatch(/\.area_root_[\w-]{5} h2/);
  expect(globalCss).toEqual([]);
}, 30_000);

test('a *.global.css file stays global, by explicit choice, and is reported as such', async () => {
  const { errors, css, globalCss } = await build({
    'dialogs.global.css': 'body.dialog-open { overflow: hidden; }\n',
    'App.css': '.root { color: green; }\n',
  });
  expect(errors).toEqual([]);
  expect(css).toContain('body.dialog-open');
  expect(globalCss).toEqual(['src/dialogs.global.css']);
}, 30_000);
