#!/usr/bin/env node
// The command's built code is dist/cli.js. This file exists before any build, so a workspace
// install can link the command (pnpm warns for a bin that points at a file not built yet).
try {
  require.resolve('../dist/cli.js');
} catch {
  console.error(
    'mfe-manifest-check is not built yet: run `pnpm --filter @mfe/manifest build` (in this repository, `pnpm manifest:check` runs it from source).',
  );
  process.exit(2);
}
require('../dist/cli.js');
