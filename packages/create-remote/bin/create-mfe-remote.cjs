#!/usr/bin/env node
// The command's built code is dist/cli.js. This file exists before any build, so a workspace
// install can link the command (pnpm warns for a bin that points at a file not built yet).
try {
  require.resolve('../dist/cli.js');
} catch {
  console.error(
    'create-mfe-remote is not built yet: run `pnpm --filter @mfe/create-remote build` (in this repository, `pnpm create-remote` makes a feature area here).',
  );
  process.exit(2);
}
require('../dist/cli.js');
