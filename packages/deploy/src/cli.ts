import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { validateRuntimeConfig } from '@mfe/manifest';
import { ENV_VARIABLES, runtimeConfigFromEnv } from './env-config';
import { writeServerConfig } from './server-config';

const USAGE = `Usage: pnpm server:config (--config <config.json> | --config-from-env) --host-root <dir> --out <dir> [options]

Writes, from the host's runtime config, everything nginx needs to serve the platform with its headers:
  <out>/config.json   the validated runtime config, served at /config.json
  <out>/mfe.conf      server blocks for nginx's http context (e.g. /etc/nginx/conf.d/)
  <out>/nginx.conf    a complete config: nginx -p <out> -c nginx.conf

  --config <file>          the runtime config (with --config-from-env: the base the variables override)
  --config-from-env        read the runtime config from MFE_* environment variables (see below)
  --host-root <dir>        the host's build as it will be on the server (apps/host/dist)
  --manifest-file <file>   the manifest served at /remotes.json (default: <host-root>/remotes.json)
  --pages-root <dir>       prerendered pages, served where they exist (a release store's envs/<env>/pages,
                           which mfe-release renders at every change; see mfe-release init --host-build)
  --listen <addr>          the host server's listen (default 8080)
  --server-name <name>     nginx server_name (default _)
  --https                  the host is reached over HTTPS: send HSTS
  --brotli                 also brotli (needs ngx_brotli)
  --remotes-root <dir>     also serve remotes from <dir>/<name>/<version>/ ...
  --release-store <dir>    ... or from a release store's remotes/, only the versions mfe-release published
                           (a folder no build record in <dir>/builds/ names is answered 404)
  --remotes-listen <addr>  ... on this listen
  --host-origin <origin>   ... granting CORS to this host origin (repeatable)
  --mime-types <file>      for nginx.conf (default /etc/nginx/mime.types)

Environment variables (--config-from-env):
${ENV_VARIABLES.map((variable) => `  ${variable.name.padEnd(36)} ${variable.field.padEnd(40)} ${variable.description}`).join('\n')}

Exits 1 with one line per problem when the config is invalid, 2 on bad usage.`;

function main(): number {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        config: { type: 'string' },
        'config-from-env': { type: 'boolean', default: false },
        'host-root': { type: 'string' },
        'manifest-file': { type: 'string' },
        'pages-root': { type: 'string' },
        out: { type: 'string' },
        listen: { type: 'string', default: '8080' },
        'server-name': { type: 'string' },
        https: { type: 'boolean', default: false },
        brotli: { type: 'boolean', default: false },
        'remotes-root': { type: 'string' },
        'release-store': { type: 'string' },
        'remotes-listen': { type: 'string' },
        'host-origin': { type: 'string', multiple: true },
        'mime-types': { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      // pnpm may pass a literal "--" before the arguments.
      args: process.argv.slice(2).filter((arg) => arg !== '--'),
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const fromEnv = values['config-from-env'];
  if ((!values.config && !fromEnv) || !values['host-root'] || !values.out) {
    console.error(USAGE);
    return 2;
  }
  if (values['remotes-root'] && values['release-store']) {
    console.error('Give --remotes-root (a folder of builds) or --release-store (a release store), not both.');
    return 2;
  }
  const remotesFrom = values['remotes-root'] ? '--remotes-root' : values['release-store'] ? '--release-store' : null;
  if (remotesFrom && (!values['remotes-listen'] || !values['host-origin']?.length)) {
    console.error(`${remotesFrom} needs --remotes-listen and at least one --host-origin.`);
    return 2;
  }
  // INIT_CWD: where the user typed the command (pnpm runs scripts inside the package).
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const path = (value: string) => resolve(cwd, value);
  let base: unknown = {};
  if (values.config) {
    try {
      base = JSON.parse(readFileSync(path(values.config), 'utf8'));
    } catch (error) {
      console.error(`Cannot read the runtime config ${values.config}: ${(error as Error).message}`);
      return 1;
    }
  }
  const result = fromEnv ? runtimeConfigFromEnv(process.env, base) : validateRuntimeConfig(base);
  if (!result.ok) {
    console.error(
      `The runtime config is invalid; nothing was written:\n${result.problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
    return 1;
  }
  const written = writeServerConfig({
    config: result.config,
    hostRoot: path(values['host-root']),
    out: path(values.out),
    listen: values.listen ?? '8080',
    https: values.https ?? false,
    brotli: values.brotli ?? false,
    ...(values['manifest-file'] ? { manifestFile: path(values['manifest-file']) } : {}),
    ...(values['pages-root'] ? { pagesRoot: path(values['pages-root']) } : {}),
    ...(values['server-name'] ? { serverName: values['server-name'] } : {}),
    ...(values['mime-types'] ? { mimeTypes: values['mime-types'] } : {}),
    ...(values['remotes-root'] || values['release-store']
      ? {
          remotes: {
            ...(values['release-store']
              ? {
                  root: join(path(values['release-store']), 'remotes'),
                  buildRecords: join(path(values['release-store']), 'builds'),
                }
              : { root: path(values['remotes-root']!) }),
            listen: values['remotes-listen'] ?? '',
            hostOrigins: values['host-origin'] ?? [],
          },
        }
      : {}),
  });
  console.log(
    `Wrote ${written.configFile}\n      ${written.serverConfig}\n      ${written.standaloneConfig}\nCheck with: nginx -t -p ${path(values.out)} -c nginx.conf`,
  );
  return 0;
}

process.exitCode = main();
