import { defineConfig } from 'tsup';

// The published command: one CommonJS file (`mfe-release`) with the manifest's checks (the same code
// the host validates with) and the page renderer bundled in; the AWS SDK stays a dependency, and so do
// React, react-dom and react-router, which the renderer hands to the server builds it runs.
export default defineConfig({
  entry: { cli: 'src/cli.ts' },
  format: ['cjs'],
  target: 'node20',
  platform: 'node',
  clean: true,
  noExternal: ['@mfe/manifest', '@mfe/prerender'],
  banner: { js: '#!/usr/bin/env node' },
});
