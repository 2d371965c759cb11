import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
import { firstScriptFile } from '@mfe/e2e/host-build';

// What the host's first script (the one its HTML loads) is made of, by its hidden source map: each
// package's and each of the platform's own modules' share of the bytes, and whether each package
// may be on the first path at all. `pnpm bench` prints it, and fails on a package not named here.

/**
 * What may be in the host's first script, and why a page needs it before it works: on a prerendered
 * page, what hydrates the opening area on its own (the shell is a chunk of its own, asked for after).
 * The platform's own code is named by package (`@mfe/…`); anything else found there fails the bench,
 * named (the schemas' parser, the session's store and the shell's code each did once).
 */
export const MAY_BE_ON_THE_FIRST_PATH: Readonly<Record<string, string>> = {
  react: 'the shared singleton',
  'react-dom': 'the shared singleton',
  scheduler: "react-dom's",
  'react-router': "the area's routes (declarative mode)",
  '@module-federation/runtime-core': 'loads the remotes',
  '@module-federation/runtime': 'loads the remotes',
  '@module-federation/sdk': "the federation runtime's",
  '@module-federation/webpack-bundler-runtime': "the federation runtime's",
  '@module-federation/error-codes': "the federation runtime's",
  '@module-federation/inject-external-runtime-core-plugin': 'the runtime bundled once (decision 0010)',
  '(webpack)': "webpack's runtime: chunk loading, sharing, the federation's bootstrap",
  '.federation': "the federation plugin's generated entry (written to node_modules/.federation)",
  'intl-messageformat': "the area's messages with arguments (the contract's useIntl)",
  '@formatjs/fast-memoize': "intl-messageformat's",
  '@formatjs/icu-messageformat-parser': "intl-messageformat's types and its parser's errors (the parser is a chunk)",
  '@mfe/host': "the opening area's island, the remote loader and its checks, the telemetry queue",
  '@mfe/context': 'the shared contract',
  '@mfe/manifest': 'the rules a remote build is checked by',
  '@mfe/auth': 'the sign-in paths, and whether this tab may have a session',
};

/** One package's (or the platform's own module's) part of the script. */
export interface Part {
  readonly name: string;
  readonly bytes: number;
  /** Its bytes gzipped on their own: more than its share of the whole file's gzip, comparable part to part. */
  readonly gzipAlone: number;
}

export interface FirstScript {
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  readonly packages: readonly Part[];
  /** The platform's own modules (`@mfe/…`), each by its path. */
  readonly ownModules: readonly Part[];
  /** Packages in the script that MAY_BE_ON_THE_FIRST_PATH does not name. */
  readonly unexpected: readonly string[];
}

export function readFirstScript(dist: string): FirstScript {
  const file = firstScriptFile(dist);
  const code = readFileSync(join(dist, file), 'utf8');
  const bySource = textBySource(code, JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')));
  const packages = parts(bySource, packageOf);
  return {
    file,
    bytes: Buffer.byteLength(code),
    gzipBytes: gzipSync(code, { level: 9 }).length,
    packages,
    ownModules: parts(new Map([...bySource].filter(([source]) => packageOf(source).startsWith('@mfe/'))), ownModuleOf),
    unexpected: packages.map((part) => part.name).filter((name) => !(name in MAY_BE_ON_THE_FIRST_PATH)),
  };
}

/**
 * The package a source path belongs to, from its raw form `webpack://<build's package>/<path>`: a
 * dependency by its name, the workspace's by `@mfe/<folder>`, the build's own (`./src/…`) by the
 * build's package name, webpack's runtime as `(webpack)`.
 */
export function packageOf(source: string): string {
  const [, build = '', path = source] = /^webpack:\/\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(source) ?? [];
  const dependency = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path.split('/node_modules/.pnpm/').pop()!);
  if (dependency) return dependency[1]!;
  const workspace = /^(?:\.\.\/)*(?:apps|packages)\/([^/]+)\//.exec(path);
  if (workspace) return `@mfe/${workspace[1]}`;
  if (path.startsWith('./') && build) return build;
  return '(webpack)';
}

/** A module of the platform's own by its package and path (`@mfe/host src/remotes/remote-loader.ts`). */
const ownModuleOf = (source: string) =>
  `${packageOf(source)} ${source
    .replace(/^webpack:\/\/((?:@[^/]+\/)?[^/]+)\/(\.\/|(\.\.\/)*(apps|packages)\/[^/]+\/)/, '')
    .replace(/\?.*$/, '')}`;

/** Each source's generated text, by walking the mappings in generated order. */
function textBySource(code: string, map: ConstructorParameters<typeof SourceMapConsumer>[0]): Map<string, string> {
  const lines = code.split('\n');
  const consumer = new SourceMapConsumer(map);
  // The consumer resolves `../` in the names it gives; the raw ones (same order) say which package.
  const consumerSources = (consumer as unknown as { sources: string[] }).sources;
  const rawSources = (map as { sources: string[] }).sources;
  const raw = new Map(consumerSources.map((name, at) => [name, rawSources[at] ?? name]));
  const mappings: Array<{ line: number; column: number; source: string }> = [];
  consumer.eachMapping((m) =>
    mappings.push({
      line: m.generatedLine,
      column: m.generatedColumn,
      source: m.source ? (raw.get(m.source) ?? m.source) : '(webpack)',
    }),
  );
  mappings.sort((a, b) => a.line - b.line || a.column - b.column);
  const texts = new Map<string, string[]>();
  mappings.forEach((m, at) => {
    const next = mappings[at + 1];
    const line = lines[m.line - 1] ?? '';
    const end = next && next.line === m.line ? next.column : line.length;
    pushTo(texts, m.source, line.slice(m.column, end));
  });
  return new Map([...texts].map(([source, pieces]) => [source, pieces.join('')]));
}

function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function parts(bySource: ReadonlyMap<string, string>, nameOf: (source: string) => string): Part[] {
  const grouped = new Map<string, string[]>();
  for (const [source, text] of bySource) pushTo(grouped, nameOf(source), text);
  return [...grouped]
    .map(([name, texts]) => {
      const text = texts.join('');
      return { name, bytes: Buffer.byteLength(text), gzipAlone: gzipSync(text, { level: 9 }).length };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/** The report's tables: by package (with why each may be there), then the platform's own modules. */
export function describeFirstScript(script: FirstScript, modules = 25): string {
  const own = script.packages.filter((part) => part.name.startsWith('@mfe/'));
  const ownBytes = own.reduce((sum, part) => sum + part.bytes, 0);
  return [
    `The host's first script, \`${script.file}\`: ${kib(script.bytes)} KiB, ${kib(script.gzipBytes)} KiB gzip; the platform's own code (@mfe/…) ${kib(ownBytes)} KiB of it (${((100 * ownBytes) / script.bytes).toFixed(0)} %).`,
    '',
    '| package | KiB | share | KiB gzip alone | why it is on the first path |',
    '|---|---|---|---|---|',
    ...script.packages.map(
      (part) =>
        `| ${part.name} | ${kib(part.bytes)} | ${((100 * part.bytes) / script.bytes).toFixed(1)} % | ${kib(part.gzipAlone)} | ${MAY_BE_ON_THE_FIRST_PATH[part.name] ?? '**not named: may it be here?**'} |`,
    ),
    '',
    `The platform's own modules, the ${Math.min(modules, script.ownModules.length)} largest of ${script.ownModules.length}:`,
    '',
    '| module | KiB | KiB gzip alone |',
    '|---|---|---|',
    ...script.ownModules
      .slice(0, modules)
      .map((part) => `| ${part.name} | ${kib(part.bytes)} | ${kib(part.gzipAlone)} |`),
  ].join('\n');
}
