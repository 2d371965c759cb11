import { defineConfig } from 'tsup';

// The published scaffold: one CommonJS command (`create-mfe-remote`). The in-repo mode's
// development manifest (@mfe/stack) is loaded only in this repository.
export default defineConfig({
  entry: { cli: 'src/cli.ts' },
  format: ['cjs'],
  target: 'node20',
  platform: 'node',
  clean: true,
  banner: { js: '#!/usr/bin/env node' },
  external: ['@mfe/stack', '@mfe/stack/topology'],
});
