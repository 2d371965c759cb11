import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { firstScriptFile } from '../src/host-build';

// The preset's own text of the hint (a plain JS module of the published preset, not its API).
const { COMPILE_HINT } = createRequire(__filename)('@mfe/webpack-config/src/first-script') as {
  readonly COMPILE_HINT: string;
};

// The host's initial scripts (what index.html loads) carry each module's code once: no file bundled
// in two builds of its package (ES module and CommonJS), read from the build's hidden source maps.
const hostRoot = join(__dirname, '..', '..', '..', 'apps', 'host');
const dist = join(hostRoot, 'dist');

/** A module's identity whatever the build: `@scope/pkg/dist/core.cjs` and `…/dist/core.js` → `@scope/pkg/dist/core`. */
function moduleKey(source: string): string | undefined {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+\/.*)$/.exec(source.split('/node_modules/.pnpm/').pop()!);
  if (!inPackage) return undefined;
  return inPackage[1]!
    .replace(/\/(cjs|esm|es|lib|commonjs)\//g, '/')
    .replace(/(\.(cjs|esm|es|mjs|module))?\.(c|m)?js$/, '');
}

test("the host's initial scripts bundle no module twice (once per build of its package)", () => {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src=["']?\/?([^"' >]+\.js)/g)].map((match) => match[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  const files = new Map<string, Set<string>>();
  for (const script of scripts) {
    const mapFile = join(dist, `${script}.map`);
    expect(existsSync(mapFile)).toBe(true);
    const { sources } = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
    for (const source of sources) {
      const key = moduleKey(source);
      if (!key) continue;
      files.set(key, (files.get(key) ?? new Set()).add(source.replace(/^.*node_modules\//, '')));
    }
  }
  const twice = [...files].filter(([, seen]) => seen.size > 1).map(([key, seen]) => `${key}: ${[...seen].join(' + ')}`);
  expect(twice).toEqual([]);
});

/**
 * What the first script must not carry: code only some pages or some moments need, each its own
 * chunk (decision 0010, issue 47). Named by the source paths the build's hidden source map lists;
 * a change that pulls one back into main.js fails here, naming it.
 */
const KEPT_OUT_OF_THE_FIRST_SCRIPT: ReadonlyArray<[string, RegExp]> = [
  ['the sign-in engine (oidc-client-ts)', /node_modules\/oidc-client-ts\//],
  ["the ID token's verification (jose)", /node_modules\/jose\//],
  ['the session engine', /packages\/auth\/src\/session\/(session|engine)\.ts$/],
  ['the token requests and checks', /packages\/auth\/src\/tokens\/(id-token|renewal|token-request|memory-tokens)\.ts$/],
  [
    'the stored refresh token and its DPoP key',
    /packages\/auth\/src\/refresh-token\/(dpop-choice|stored-restore|stored-spend)\.ts$/,
  ],
  ['the error-reporting SDK', /node_modules\/@sentry\//],
  ['web vitals', /node_modules\/web-vitals\//],
  ['the diagnostics page', /src\/layout\/Diagnostics/],
  ['the override form', /src\/layout\/OverrideForm/],
  ['the preview links', /src\/remotes\/preview\.ts$/],
  ["the developer overrides' checks", /src\/remotes\/overrides\.ts$/],
  ['the error-reporting adapter', /src\/telemetry\/sentry-(adapter|scrub)\.ts$/],
  ['the tag loader', /src\/telemetry\/tag-loader\.ts$/],
  ['the web vitals glue', /src\/telemetry\/vitals\.ts$/],
  // On a prerendered page the first script hydrates the opening area alone (decision 0021).
  ["the shell's start-up", /src\/startup\/start\.tsx$/],
  ["the shell's routes and layout", /src\/(routes\.tsx|layout\/Layout\.tsx)$/],
  ["the config's and manifest's schemas (valibot)", /node_modules\/valibot\//],
  ["telemetry's hub", /src\/telemetry\/hub\.ts$/],
  ["the shell's texts", /src\/i18n\/shell-messages\.ts$/],
];

test("the host's first script carries none of what only some pages or moments need", () => {
  const first = firstScriptFile(dist);
  const { sources } = JSON.parse(readFileSync(join(dist, `${first}.map`), 'utf8')) as { sources: string[] };
  expect(sources.some((source) => source.includes('src/startup/opening-island.tsx'))).toBe(true);
  const crept = KEPT_OUT_OF_THE_FIRST_SCRIPT.filter(([, pattern]) =>
    sources.some((source) => pattern.test(source)),
  ).map(([what]) => what);
  expect(crept).toEqual([]);
  // JSON modules have no source map: the shell's catalogues in other languages are looked for by their texts.
  const script = readFileSync(join(dist, first), 'utf8');
  const catalogues = join(hostRoot, 'src/i18n/locales');
  const translated = readdirSync(catalogues).flatMap((file) =>
    Object.values(JSON.parse(readFileSync(join(catalogues, file), 'utf8')) as Record<string, string>)
      .filter((text) => text.length >= 12)
      .map((text) => `${file}: ${text}`),
  );
  expect(translated.length).toBeGreaterThan(10);
  expect(
    translated.filter((entry) => script.includes(JSON.stringify(entry.slice(entry.indexOf(': ') + 2)).slice(1, -1))),
  ).toEqual([]);
  // A pattern that matches nothing anywhere in the build (a file moved or renamed) would keep nothing out.
  const everywhere = readdirSync(dist)
    .filter((file) => file.endsWith('.js.map'))
    .flatMap((file) => (JSON.parse(readFileSync(join(dist, file), 'utf8')) as { sources: string[] }).sources);
  const stale = KEPT_OUT_OF_THE_FIRST_SCRIPT.filter(
    ([, pattern]) => !everywhere.some((source) => pattern.test(source)),
  );
  expect(stale.map(([what]) => what)).toEqual([]);
});

test("the host's first script begins with V8's compile hint, and its source map counts that line", () => {
  const first = firstScriptFile(dist);
  const lines = readFileSync(join(dist, first), 'utf8').split('\n');
  expect(`${lines[0]}\n`).toBe(COMPILE_HINT);
  // One group of mappings per generated line, the hint's and the licence comment's empty: the
  // code's mappings moved down with it.
  const { mappings } = JSON.parse(readFileSync(join(dist, `${first}.map`), 'utf8')) as { mappings: string };
  const groups = mappings.split(';');
  expect(groups).toHaveLength(lines.length);
  expect(groups.slice(0, 2)).toEqual(['', '']);
  expect(groups[2]).not.toBe('');
});
