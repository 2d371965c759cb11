import { defineConfig } from 'tsup';

// The published package: the library as ESM with type declarations, the check command as one
// CommonJS file (`mfe-manifest-check`). @mfe/context, valibot and semver stay dependencies.
export default defineConfig([
  {
    entry: { index: 'src/index.ts', 'remote-build': 'src/remote-build.ts', check: 'src/check.ts' },
    format: ['esm', 'cjs'],
    // tsup sets baseUrl for its declaration build, which TypeScript 6 deprecates.
    dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
    clean: true,
    target: 'es2022',
    sourcemap: true,
  },
  {
    entry: { cli: 'src/cli.ts' },
    format: ['cjs'],
    target: 'node20',
    platform: 'node',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
