import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DevRemote } from '@mfe/stack';

/** The test fixtures (remotes that misbehave on purpose), built by `pnpm --filter @mfe/e2e build:fixtures`. */
const fixturesDir = join(fileURLToPath(new URL('.', import.meta.url)), '..', 'fixtures');

export const FIXTURES = {
  faulty: { name: 'faulty', path: '/faulty', label: 'Faulty', order: 90, dist: join(fixturesDir, 'faulty', 'dist') },
  /**
   * The faulty remote as one that only contributes (no area): a card that throws and one its build
   * lacks (account profile), a counter (header), a home tile for administrators only, and the same
   * tile placed in a slot no page offers (a typo in its name).
   */
  'faulty-card': {
    name: 'faulty',
    order: 90,
    dist: join(fixturesDir, 'faulty', 'dist'),
    contributions: [
      { slot: 'account.profile.aside', module: 'broken-card', order: 5, label: 'Broken card' },
      { slot: 'account.profile.aside', module: 'missing-card', order: 300 },
      { slot: 'shell.header.end', module: 'header-counter', label: 'Faulty counter' },
      { slot: 'home.tiles', module: 'staff-tile', order: 30, label: 'Staff corner', requires: { roles: ['admin'] } },
      { slot: 'home.tyles', module: 'staff-tile', label: 'Misplaced corner' },
    ],
  },
  react18: {
    name: 'react18',
    path: '/react18',
    label: 'React 18 area',
    order: 92,
    dist: join(fixturesDir, 'react18', 'dist'),
  },
  /** An area without React, mounted through the neutral contract (`defineMountedArea`, the preset's `mount: 'own-root'`). */
  'plain-dom': {
    name: 'plain_dom',
    path: '/plain',
    label: 'Plain area',
    order: 93,
    dist: join(fixturesDir, 'plain-dom', 'dist'),
  },
  /** An area on React 18 with its own React, in a root of its own (`defineReactRootArea`, `mount: 'own-root'`). */
  'react18-area': {
    name: 'react18_area',
    path: '/older-react',
    label: 'Older React',
    order: 94,
    dist: join(fixturesDir, 'react18-area', 'dist'),
  },
  /** The react18-area fixture's area built for the host's tree on the host's React (the bench's reference for it). */
  'react-tree-area': {
    name: 'react_tree_area',
    path: '/in-tree',
    label: 'In the tree',
    order: 95,
    dist: join(fixturesDir, 'react-tree-area', 'dist'),
  },
  'wrong-expose': {
    name: 'wrong_expose',
    path: '/wrong-expose',
    label: 'Wrong expose',
    order: 91,
    dist: join(fixturesDir, 'wrong-expose', 'dist'),
  },
  /**
   * Five separately built remotes (tiles_1 … tiles_5), each contributing two tall public home tiles
   * with a button, ordered ahead of the areas' own tiles: a page of ten contributions from five
   * teams, mostly below the fold. `tiles-one`: the first of them with its first tile alone.
   */
  tiles: tileRemotes(5, 2),
  'tiles-one': tileRemotes(1, 1),
} as const satisfies Readonly<Record<string, DevRemote | readonly DevRemote[]>>;

/** The first `count` of the tiles fixture's remotes, each contributing its first `each` tiles. */
export function tileRemotes(count: number, each: 1 | 2): readonly DevRemote[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `tiles_${i + 1}`,
    order: 80 + i,
    dist: join(fixturesDir, 'tiles', `dist-${i + 1}`),
    contributions: ['first-tile', 'second-tile'].slice(0, each).map((module, j) => ({
      slot: 'home.tiles',
      module,
      order: 1 + i * 2 + j,
      requiresAuth: false,
    })),
  }));
}
