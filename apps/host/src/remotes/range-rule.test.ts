import { satisfy } from '@module-federation/enhanced/runtime';
import satisfies from 'semver/functions/satisfies';

// The host checks a remote's recorded ranges with the federation runtime's `satisfy` (already in its
// first script) instead of bundling `semver`; `mfe-manifest check` uses `semver`. Both must agree on
// the ranges builds record, or a remote would pass one check and fail the other.
const VERSIONS = [
  '1.0.0',
  '1.4.0',
  '1.4.2',
  '1.5.0',
  '2.0.0',
  '0.9.9',
  '19.2.0',
  '19.2.3',
  '18.3.1',
  '7.18.5',
  '8.0.0',
];
const RANGES = [
  '^1.4.0',
  '^1.0.0',
  '~1.4.0',
  '>=1.4.0',
  '>=1.0.0 <2.0.0',
  '1.4.0',
  '^19.0.0',
  '^19.2.0',
  '^18.0.0 || ^19.0.0',
  '^7.9.0',
  '*',
  '1.x',
  '>1.4.0',
  '<=1.4.2',
];

test.each(RANGES)("the federation runtime's range rule agrees with semver on %s", (range) => {
  for (const version of VERSIONS)
    expect([version, satisfy(version, range)]).toEqual([version, satisfies(version, range)]);
});

test('they differ on prereleases (the host provides none today): the federation runtime lets 1.5.0-beta.1 satisfy ^1.4.0', () => {
  // The share scope picks shared modules by this same rule, so the check agrees with what would run.
  expect(satisfy('1.5.0-beta.1', '^1.4.0')).toBe(true);
  expect(satisfies('1.5.0-beta.1', '^1.4.0')).toBe(false);
});
