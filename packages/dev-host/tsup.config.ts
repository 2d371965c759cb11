import { copyFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

// The published command: one ES module with the platform's own code (the stack, the dev provider,
// the manifest rules) bundled in; third-party packages stay dependencies. The Fast Refresh shims are
// files webpack resolves by path, so they sit beside the bundle.
const SHIMS = ['refresh-runtime-shim.cjs', 'jsx-dev-runtime-shim.cjs'];

export default defineConfig({
  entry: { cli: 'src/cli.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  clean: true,
  banner: {
    js: '#!/usr/bin/env node\nimport { createRequire as __mfeCreateRequire } from "node:module"; const require = __mfeCreateRequire(import.meta.url);',
  },
  noExternal: [/^@mfe\//],
  onSuccess: async () => {
    for (const shim of SHIMS) copyFileSync(`../stack/src/dev/${shim}`, `dist/${shim}`);
  },
});
