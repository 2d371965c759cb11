import { join } from 'node:path';

/**
 * The repository's referrals area built by another bundler, for `--remote-dist referrals=<dir>` (the
 * browser build, with its server build in `server/`), by the fixtures whose src/ is the area's own,
 * built with the other fixtures: `rspack` through the preset (referrals-rspack), `rsbuild` through the
 * preset's Rsbuild plugin (referrals-rsbuild).
 */
export const BUILT_WITH = {
  rspack: join(__dirname, '..', 'fixtures', 'referrals-rspack', 'dist'),
  rsbuild: join(__dirname, '..', 'fixtures', 'referrals-rsbuild', 'dist'),
} as const;
