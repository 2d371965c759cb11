import { defineConfig } from 'tsup';

// The published contract: ESM and type declarations (the workspace itself uses the TypeScript source).
// React and react-router stay external: the host provides them; remotes never bundle a copy. The
// message formatter (intl-messageformat, ES modules only) is bundled in, so CommonJS consumers (a
// team's jest) load it too.
export default defineConfig({
  // `errors`: the typed errors alone, for packages that run where React is not wanted (the manifest's checks, renderers).
  entry: {
    index: 'src/index.ts',
    errors: 'src/errors.ts',
    'runtime-utils': 'src/runtime-utils.ts',
    // `mount`: the framework-neutral contract, for areas built on no React or on another major.
    mount: 'src/mount.ts',
    testing: 'src/testing.tsx',
  },
  format: ['esm', 'cjs'],
  // tsup sets baseUrl for its declaration build, which TypeScript 6 deprecates.
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
  clean: true,
  // One module for the React context in CommonJS too: `testing` must share it with the hooks.
  splitting: true,
  target: 'es2022',
  sourcemap: true,
  external: ['react', 'react/jsx-runtime', 'react-router'],
  noExternal: ['intl-messageformat', /^@formatjs\//],
});
