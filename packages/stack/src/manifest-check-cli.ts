// `pnpm manifest:check`: the published check (`mfe-manifest-check`) against the host of this
// repository, described as its build describes itself (its `mfe-host.json`: what it provides, the
// slots its shell offers), read from its webpack config without building it. `--host <url>` checks
// against a deployed host instead.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { manifestCheckCommand } from '@mfe/manifest/check-command';
import { appDir } from './topology';

/** The description the host's build writes as `mfe-host.json`, from its production config. */
function hostDescription(hostDir: string): unknown {
  const fromHost = createRequire(join(hostDir, 'package.json'));
  const factory = fromHost(join(hostDir, 'webpack.config.js')) as (
    env: unknown,
    argv: { mode: string },
  ) => Array<{ plugins?: unknown[] }>;
  for (const config of factory({}, { mode: 'production' }))
    for (const plugin of config.plugins ?? [])
      if ((plugin as { constructor?: { name?: string } }).constructor?.name === 'HostDescriptionPlugin')
        return (plugin as { description: unknown }).description;
  throw new Error(`${hostDir}/webpack.config.js builds no host description (is it built with hostConfig?).`);
}

const hostBuild = mkdtempSync(join(tmpdir(), 'mfe-host-description-'));
try {
  writeFileSync(join(hostBuild, 'mfe-host.json'), JSON.stringify(hostDescription(appDir('host'))));
  process.exitCode = await manifestCheckCommand([...process.argv.slice(2), '--host-build', hostBuild]);
} finally {
  rmSync(hostBuild, { recursive: true, force: true });
}
