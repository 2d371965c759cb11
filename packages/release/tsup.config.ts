import { defineConfig } from 'tsup';

// The published command: one CommonJS file (`mfe-release`) with the manifest's checks bundled in (the
// same code the host validates with); the AWS SDK stays a dependency.
export default defineConfig({
  entry: { cli: 'src/cli.ts' },
  format: ['cjs'],
  target: 'node20',
  platform: 'node',
  clean: true,
  noExternal: ['@mfe/manifest'],
  banner: { js: '#!/usr/bin/env node' },
});
