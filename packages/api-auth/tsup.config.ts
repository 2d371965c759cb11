import { defineConfig } from 'tsup';

// The published helper: ESM and CommonJS with types; jose stays a dependency (not bundled).
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  // tsup sets baseUrl for its declaration build, which TypeScript 6 deprecates.
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
  target: 'node20',
  platform: 'node',
  clean: true,
});
