import { cpSync, existsSync } from 'node:fs';
import { defineConfig } from 'tsup';

// The published command: one CommonJS file (`mfe-release`) with the manifest's checks (the same code
// the host validates with), the page renderer and the release service's token checks bundled in; the
// AWS SDK stays a dependency, and so do React, react-dom and react-router, which the renderer hands
// to the server builds it runs.
export default defineConfig({
  entry: { cli: 'src/cli.ts' },
  format: ['cjs'],
  target: 'node20',
  platform: 'node',
  clean: true,
  noExternal: ['@mfe/manifest', '@mfe/prerender', '@mfe/api-auth', 'jose'],
  banner: { js: '#!/usr/bin/env node' },
  // The release console's pages ship beside the command (`mfe-release serve` serves them).
  onSuccess: async () => {
    if (!existsSync('console/dist/index.html'))
      throw new Error('The release console is not built: run `pnpm --filter @mfe/release build:console` first.');
    cpSync('console/dist', 'dist/console', { recursive: true });
  },
});
