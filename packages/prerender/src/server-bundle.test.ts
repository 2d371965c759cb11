/**
 * @jest-environment node
 */
import { sri } from '@mfe/manifest/sri';
import { version as reactVersion } from 'react';
import { loadServerBundle, ServerBundleError } from './server-bundle';

const bundle = (code: string, extra: Partial<Parameters<typeof loadServerBundle>[0]> = {}) => ({
  code,
  integrity: sri(code),
  publicPath: 'https://cdn.example/r/1.0.0/',
  label: 'r (test)',
  ...extra,
});

test("runs a checked bundle with the renderer's React, the public path it is told and what another build provided", () => {
  const code =
    "module.exports = { react: require('react').version, publicPath: require('@mfe-alias/prerender-context').publicPath, contract: require('@mfe/context') };";
  const exported = loadServerBundle(bundle(code, { provided: { '@mfe/context': { marker: 1 } } })) as {
    react: string;
    publicPath: string;
    contract: unknown;
  };
  expect(exported).toEqual({
    react: reactVersion,
    publicPath: 'https://cdn.example/r/1.0.0/',
    contract: { marker: 1 },
  });
});

test('a server build from before the aliases were renamed still gets its public path', () => {
  const code = "module.exports = require('@mfe/prerender-context').publicPath;";
  expect(loadServerBundle(bundle(code))).toBe('https://cdn.example/r/1.0.0/');
});

test('refuses bytes that do not match the recorded sha384, without running them', () => {
  const code = 'globalThis.__ran = true;';
  expect(() => loadServerBundle({ ...bundle(code), integrity: sri('something else') })).toThrow(
    'do not match its recorded sha384',
  );
  expect((globalThis as { __ran?: boolean }).__ran).toBeUndefined();
});

test('a bundle that asks for a package it should have bundled, or throws, is refused with its name', () => {
  expect(() => loadServerBundle(bundle("require('left-pad');"))).toThrow(
    new ServerBundleError(
      'r (test): asks for "left-pad", which a server build must bundle (only the shared singletons are provided)',
    ),
  );
  expect(() => loadServerBundle(bundle("throw new Error('boom');"))).toThrow(
    'r (test): the server build failed to load (boom).',
  );
});
