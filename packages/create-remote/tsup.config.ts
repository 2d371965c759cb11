import { defineConfig } from 'tsup';

// The published scaffold: one CommonJS command (`create-mfe-remote`), standalone projects only.
export default defineConfig({
  entry: { cli: 'src/cli.ts' },
  format: ['cjs'],
  target: 'node20',
  platform: 'node',
  clean: true,
  banner: { js: '#!/usr/bin/env node' },
});
