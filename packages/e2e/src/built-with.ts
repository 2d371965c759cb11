import { join } from 'node:path';

/**
 * The repository's referrals area built by another bundler through the preset, for `--remote-dist
 * referrals=<dir>` (the browser build, with its server build in `server/`): `rspack`, by the fixture
 * referrals-rspack (its src/ is the area's own), built with the other fixtures.
 */
export const BUILT_WITH = {
  rspack: join(__dirname, '..', 'fixtures', 'referrals-rspack', 'dist'),
} as const;
