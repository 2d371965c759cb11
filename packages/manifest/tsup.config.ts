import { defineConfig } from 'tsup';

// The published package: the library as ESM with type declarations, the check command as one
// CommonJS file (`mfe-manifest-check`). @mfe/context, valibot and semver stay dependencies.
export default defineConfig([
  {
    entry: { index: 'src/index.ts', 'remote-build': 'src/remote-build.ts' },
    format: ['esm', 'cjs'],
    // tsup sets baseUrl for its declaration build, which TypeScript 6 deprecates.
    dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
    clean: true,
    target: 'es2022',
    sourcemap: true,
  },
  {
    // The check and the development remote list's reader run in Node.js only. It bundles the integrity helper (`sri.js`, CommonJS so the build
    // preset can read it), whose `require('node:crypto')` needs a `require` in the ES module build.
    entry: {
      check: 'src/check.ts',
      'check-command': 'src/check-command.ts',
      'dev-remotes': 'src/dev-remotes.ts',
      'build-contents': 'src/build-contents.ts',
    },
    format: ['esm', 'cjs'],
    dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
    target: 'node20',
    platform: 'node',
    sourcemap: true,
    banner: (context) =>
      context.format === 'esm'
        ? { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" }
        : {},
  },
  {
    entry: { cli: 'src/cli.ts' },
    format: ['cjs'],
    target: 'node20',
    platform: 'node',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
