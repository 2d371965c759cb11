import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DevRemote } from '@mfe/stack';

/** The test fixtures (remotes that misbehave on purpose), built by `pnpm --filter @mfe/e2e build:fixtures`. */
const fixturesDir = join(fileURLToPath(new URL('.', import.meta.url)), '..', 'fixtures');

export const FIXTURES = {
  faulty: { name: 'faulty', path: '/faulty', label: 'Faulty', order: 90, dist: join(fixturesDir, 'faulty', 'dist') },
  /**
   * The faulty remote as one that only contributes (no area): a card that throws and one its build
   * lacks (account profile), a counter (header), a home tile for administrators only.
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
    ],
  },
  react18: {
    name: 'react18',
    path: '/react18',
    label: 'React 18 area',
    order: 92,
    dist: join(fixturesDir, 'react18', 'dist'),
  },
  'wrong-expose': {
    name: 'wrong_expose',
    path: '/wrong-expose',
    label: 'Wrong expose',
    order: 91,
    dist: join(fixturesDir, 'wrong-expose', 'dist'),
  },
} as const satisfies Readonly<Record<string, DevRemote>>;
