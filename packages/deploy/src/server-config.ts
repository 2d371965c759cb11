import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ParsedRuntimeConfig } from '@mfe/manifest';
import { nginxServerConfig, nginxStandaloneConfig, type NginxOptions } from './nginx';

export interface ServerConfigOptions extends Omit<NginxOptions, 'configFile'> {
  /** Folder to write into: `config.json`, `mfe.conf` (for nginx's http context) and a standalone `nginx.conf`. */
  readonly out: string;
  readonly mimeTypes?: string;
}

export interface WrittenServerConfig {
  readonly configFile: string;
  readonly serverConfig: string;
  readonly standaloneConfig: string;
}

/** Writes the validated runtime config and the nginx config that serves it with the platform's headers. */
export function writeServerConfig(options: ServerConfigOptions): WrittenServerConfig {
  const out = resolve(options.out);
  mkdirSync(join(out, 'tmp'), { recursive: true });
  const configFile = join(out, 'config.json');
  writeFileSync(configFile, `${JSON.stringify(options.config satisfies ParsedRuntimeConfig, null, 2)}\n`);
  const serverConfig = join(out, 'mfe.conf');
  writeFileSync(serverConfig, nginxServerConfig({ ...options, configFile }));
  const standaloneConfig = join(out, 'nginx.conf');
  writeFileSync(
    standaloneConfig,
    nginxStandaloneConfig({
      prefix: out,
      include: serverConfig,
      ...(options.mimeTypes ? { mimeTypes: options.mimeTypes } : {}),
    }),
  );
  return { configFile, serverConfig, standaloneConfig };
}
