import { defineConfig } from 'tsup';

// The published contract: ESM and type declarations (the workspace itself uses the TypeScript source).
// React, react-dom and react-router stay external: the host provides them (an area in a root of its
// own bundles its own from its own dependencies). The
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
    // `react-root`: an area on another React major, in a root of its own (its own react-dom).
    'react-root': 'src/react-root.tsx',
    // `catalogue-check`: the translations check without React, for an area without it.
    'catalogue-check': 'src/catalogue-check.ts',
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
  external: ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'react-router'],
  noExternal: ['intl-messageformat', /^@formatjs\//],
});
