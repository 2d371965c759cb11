import { defineConfig } from 'tsup';

// The published command: one CommonJS file (`mfe-release`); the AWS SDK and @mfe/manifest stay dependencies.
export default defineConfig({
  entry: { cli: 'src/cli.ts' },
  format: ['cjs'],
  target: 'node20',
  platform: 'node',
  clean: true,
  banner: { js: '#!/usr/bin/env node' },
});
