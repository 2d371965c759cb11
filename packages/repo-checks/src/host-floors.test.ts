/**
 * @jest-environment node
 */
// The host app's floors, checked here because the host's own tests run without Node's types.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// apps/host/src's floors, bottom up: a room may import its own files and rooms on lower floors only, so
// an import never runs back up (the services' types below the views that use them, leaf modules at
// the ground). A new file at the top of src/ or a new folder must be given its floor here.
const FLOORS: readonly (readonly string[])[] = [
  [
    'logger',
    'after-page-works',
    'browser-storage',
    'fetch-json',
    'early-fetch',
    'early-clicks',
    'as-prerendered',
    'page-titles',
    'config',
    'manifest',
    'api-client',
    'shared-modules',
  ],
  ['telemetry'],
  ['i18n'],
  ['access'],
  ['remotes'],
  ['host-services', 'startup/boot-script'],
  ['areas'],
  ['layout'],
  ['routes'],
  ['prerender'],
  ['startup'],
];

const SRC = join(__dirname, '..', '..', '..', 'apps', 'host', 'src');
const floorOf = (room: string) => FLOORS.findIndex((rooms) => rooms.includes(room));
/**
 * A file's room: the first folder or file under src/, except the boot script, a room of its own
 * inside startup/ on a low floor (it runs before main.js and may import only leaf modules).
 */
const roomOf = (file: string) => {
  const path = relative(SRC, file).replace(/\.(tsx?|d\.ts)$/, '');
  return path === 'startup/boot-script' ? path : path.split('/')[0]!;
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [path] : [];
  });
}

const imports = sources(SRC).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from |import\(?\s*)'(\.{1,2}\/[^']+)'/g)].map((match) => ({
    file,
    target: resolve(dirname(file), match[1]!),
  })),
);

test('every room of the host has a floor', () => {
  const rooms = new Set(sources(SRC).map(roomOf));
  expect([...rooms].filter((room) => floorOf(room) < 0)).toEqual([]);
  expect(imports.length).toBeGreaterThan(100);
});

test('no import runs back up a floor (views above services, services above leaf modules)', () => {
  const upward = imports
    .filter(({ file, target }) => {
      const [from, to] = [roomOf(file), roomOf(target)];
      if (from === to) return false;
      const [low, high] = [floorOf(to), floorOf(from)];
      return low > high || (low === high && low > 0);
    })
    .map(({ file, target }) => `${relative(SRC, file)} -> ${relative(SRC, target)}`);
  expect(upward).toEqual([]);
});
