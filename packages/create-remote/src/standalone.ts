import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RemotePlan } from './remote-plan';
import { ScaffoldError, TEMPLATE_DIR } from './scaffold';
import { planTokens, writeTemplate } from './template';
import { applyBundler } from './bundlers';
import { applyVariant } from './variants';

/** The standalone project's own files; its components come from the in-repo template's `src/`. */
export const STANDALONE_DIR = join(__dirname, '..', 'standalone');
export const VERSIONS_FILE = join(__dirname, '..', 'versions.json');

/** Tool and library versions a standalone remote starts with: those this platform release is built and tested with. */
export type ToolkitVersions = Readonly<Record<string, string>>;

/**
 * The versions, from `versions.json`, which the package's build writes from this repository's
 * catalog and the toolkit packages' own versions (`scripts/write-versions.ts`).
 */
export function toolkitVersions(): ToolkitVersions {
  if (!existsSync(VERSIONS_FILE))
    throw new ScaffoldError(
      'NOT_BUILT',
      `${VERSIONS_FILE} is missing: build the package first (pnpm --filter @mfe/create-remote build).`,
    );
  return JSON.parse(readFileSync(VERSIONS_FILE, 'utf8')) as ToolkitVersions;
}

/**
 * A feature area in its own new repository: the same components and tests as the in-repo
 * template, with its own package.json (toolkit from the registry), build preset, unit tests,
 * README and CI script. `registry`: where the @mfe scope is published, written to .npmrc.
 */
export function writeStandalone(
  dir: string,
  plan: RemotePlan,
  options: { readonly registry?: string; readonly versions?: ToolkitVersions } = {},
): string[] {
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new ScaffoldError(
      'NAME_TAKEN',
      `${dir} is not empty. Choose a new folder for the feature area's repository.`,
    );
  const versions = options.versions ?? toolkitVersions();
  const tokens = planTokens(plan);
  const fill = (text: string) =>
    text.replace(/__V_([A-Z0-9@/_.-]+?)__|__[A-Z0-9_]+__/g, (token, versionKey?: string) => {
      if (!versionKey) return tokens[token] ?? token;
      const key = versionKey.toLowerCase().replace(/_/g, '-');
      const version = versions[key];
      if (!version) throw new Error(`No version of ${key} for the standalone template (versions.json is incomplete).`);
      return version;
    });
  const written = [
    ...writeTemplate(join(TEMPLATE_DIR, 'src'), join(dir, 'src'), fill, dir),
    ...writeTemplate(STANDALONE_DIR, dir, fill, dir),
    ...applyVariant(dir, plan, 'standalone', fill, dir),
    ...applyBundler(dir, plan, (name) => fill(`__V_${name.toUpperCase()}__`), dir),
  ];
  if (options.registry) {
    writeFileSync(
      join(dir, '.npmrc'),
      `# The platform's toolkit (@mfe/*) comes from this registry; everything else from the default one.\n@mfe:registry=${options.registry}\n`,
    );
    written.push('.npmrc');
  }
  chmodSync(join(dir, 'ci.sh'), 0o755);
  return [...new Set(written)].filter((file) => existsSync(join(dir, file))).sort();
}
