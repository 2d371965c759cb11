import satisfies from 'semver/functions/satisfies';
import { findIncompatibilities as withRule } from './compatibility';

const findIncompatibilities = (manifest: unknown, provided: Readonly<Record<string, string>>) =>
  withRule(manifest, provided, satisfies);

const provided = { react: '19.3.1', 'react-router': '7.18.5', '@mfe/context': '1.1.0' };
const manifest = (shared: Array<{ name: string; requiredVersion: string }>) => ({ shared });

test('a remote built against the same majors and an older contract is compatible', () => {
  expect(
    findIncompatibilities(
      manifest([
        { name: 'react', requiredVersion: '^19.0.0' },
        { name: '@mfe/context', requiredVersion: '^1.0.0' },
      ]),
      provided,
    ),
  ).toEqual([]);
});

test('a remote built for a newer contract minor or another React major is not', () => {
  const problems = findIncompatibilities(
    manifest([
      { name: 'react', requiredVersion: '^18.0.0' },
      { name: '@mfe/context', requiredVersion: '^1.2.0' },
      { name: 'lodash', requiredVersion: '^4.0.0' },
    ]),
    provided,
  );
  expect(problems).toEqual([
    { packageName: 'react', required: '^18.0.0', provided: '19.3.1' },
    { packageName: '@mfe/context', required: '^1.2.0', provided: '1.1.0' },
  ]);
});

test('a manifest without shared information is not judged', () => {
  expect(findIncompatibilities({}, provided)).toEqual([]);
  expect(findIncompatibilities(null, provided)).toEqual([]);
});
