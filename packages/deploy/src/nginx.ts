import { RUNTIME_FILES, type ParsedRuntimeConfig } from '@mfe/manifest';
import { location, WHOLE } from './nginx-directives';
import { pageLocaleMaps, pageLocations } from './nginx-pages';
import {
  BUILD_RECORD_PATTERNS,
  hostHeaders,
  originPattern,
  PATH_PATTERNS,
  remoteHeaders,
  SILENT_CALLBACK_FILE,
  SILENT_CALLBACK_PATH,
  type HostHeaderOptions,
} from './headers';

export { pageLocaleMaps } from './nginx-pages';

/**
 * nginx configuration for the platform, written from the runtime config and
 * the header policy in `headers.ts` (the development stack serves the same
 * headers from the same functions). One `server` for the host; optionally one
 * for remotes published under versioned paths (`<root>/<name>/<version>/`),
 * standing in for a CDN or object store with the same headers.
 */
export interface NginxOptions {
  readonly config: ParsedRuntimeConfig;
  /** Absolute path of the host's build (its `index.html`, scripts, `auth/silent-callback.html`). */
  readonly hostRoot: string;
  /** Absolute path of the runtime config served at `/config.json`. */
  readonly configFile: string;
  /** Absolute path of the manifest served at `/remotes.json` (default: the host root's own). */
  readonly manifestFile?: string;
  /**
   * Absolute path of the prerendered pages (a release store's `envs/<env>/pages/`, which `mfe-release`
   * renders at every change): served for the paths they cover, the app's page for the rest.
   */
  readonly pagesRoot?: string;
  /** `listen` of the host server, e.g. `8080` or `127.0.0.1:8080`. */
  readonly listen: string;
  readonly serverName?: string;
  /** The host is reached over HTTPS (a TLS terminator in front): adds HSTS. */
  readonly https?: boolean;
  /** Also compress with brotli (needs the ngx_brotli module, absent from Debian's and the official image's nginx). */
  readonly brotli?: boolean;
  /**
   * Serve remotes too: their root, `listen`, and the host origins granted CORS. `buildRecords`: a
   * release store's `builds/` folder, when the root is its `remotes/`: then only versions a build
   * record names are served (BUILD_RECORD_PATTERNS).
   */
  readonly remotes?: {
    readonly root: string;
    readonly listen: string;
    readonly hostOrigins: readonly string[];
    readonly buildRecords?: string;
  };
  /** Development only: extra CSP sources, as in `HostHeaderOptions`. */
  readonly csp?: Pick<HostHeaderOptions, 'extraScriptSources' | 'extraConnectSources'>;
}

/**
 * The platform's own error page, for every error nginx answers itself (a bad request line, a path
 * too long, a hidden or missing file, an upstream failure): small, no script or style, with the same
 * headers as the app's pages, where nginx's default page would carry none.
 */
export const ERROR_STATUSES = [400, 403, 404, 405, 408, 413, 414, 431, 500, 502, 503, 504] as const;
const ERROR_LOCATION = '/__mfe/error';
const ERROR_PAGE =
  "<!doctype html><html lang='en'><meta charset='utf-8'><meta name='viewport' content='width=device-width'><title>Not available</title><link rel='stylesheet' href='/host.css'><main id='main'><h1>This address is not available</h1><p>It may have moved, or the request was not one this site can answer. <a href='/'>Go to the start page</a>.</p></main></html>";
const REMOTE_ERROR_BODY = 'Not available.';

function errorPages(headers: string[], body: string, type: string): string[] {
  return [
    `  error_page ${ERROR_STATUSES.join(' ')} ${ERROR_LOCATION};`,
    ...location(`= ${ERROR_LOCATION}`, [
      'internal;',
      `default_type ${quote(type)};`,
      ...headers,
      `return 200 ${quote(body)};`,
    ]),
  ];
}

const COMPRESSED_TYPES =
  'text/plain text/css application/javascript application/json application/manifest+json image/svg+xml';

function quote(value: string): string {
  // Values come from the validated runtime config; anything nginx would interpret is refused, not escaped.
  if (/["$\\{}\n\r]/.test(value)) throw new Error(`Cannot write ${JSON.stringify(value)} into an nginx config.`);
  return `"${value}"`;
}

/**
 * The app's page (index.html, built before any config exists) hints `/remotes.json`; a config whose
 * manifest lives elsewhere (a bucket, another path) gets the hint rewritten as nginx sends the page,
 * so the browser preloads what the host then reads and never fetches a manifest nobody reads.
 */
export function manifestHint(config: ParsedRuntimeConfig): string[] {
  if (config.manifestUrl === RUNTIME_FILES.manifest) return [];
  if (/[\s"'$\\{}<>;]/.test(config.manifestUrl))
    throw new Error(`Cannot write the manifest URL ${JSON.stringify(config.manifestUrl)} into an nginx config.`);
  return [
    // The built page's two spellings: minified (unquoted) and as written.
    `sub_filter 'href=${RUNTIME_FILES.manifest} ' 'href="${config.manifestUrl}" ';`,
    `sub_filter 'href="${RUNTIME_FILES.manifest}"' 'href="${config.manifestUrl}"';`,
    'sub_filter_once off;',
  ].map((line) => `    ${line}`);
}

function addHeaders(headers: Readonly<Record<string, string>>, indent: string): string[] {
  return Object.entries(headers).map(
    ([name, value]) => `${indent}add_header ${name} ${value.startsWith('$') ? value : quote(value)} always;`,
  );
}

function compression(brotli: boolean, indent: string): string[] {
  return [
    `${indent}gzip on;`,
    `${indent}gzip_static on;`,
    `${indent}gzip_vary on;`,
    `${indent}gzip_comp_level 6;`,
    `${indent}gzip_min_length 256;`,
    `${indent}gzip_types ${COMPRESSED_TYPES};`,
    ...(brotli
      ? [`${indent}brotli on;`, `${indent}brotli_static on;`, `${indent}brotli_types ${COMPRESSED_TYPES};`]
      : []),
  ];
}

/** The `server` blocks (and the CORS and language maps) to include in nginx's `http` context. */
export function nginxServerConfig(options: NginxOptions): string {
  const headerOptions: HostHeaderOptions = { config: options.config, https: options.https ?? false, ...options.csp };
  const h = (kind: Parameters<typeof hostHeaders>[0]) => addHeaders(hostHeaders(kind, headerOptions), '    ');
  const manifestFile = options.manifestFile ?? `${options.hostRoot.replace(/\/$/, '')}/remotes.json`;
  const lines: string[] = [
    '# Written by `pnpm server:config` from the runtime config; regenerate instead of editing.',
    ...(options.pagesRoot ? pageLocaleMaps(options.config.i18n) : []),
    'server {',
    `  listen ${options.listen};`,
    `  server_name ${options.serverName ?? '_'};`,
    `  root ${options.hostRoot};`,
    '  server_tokens off;',
    '  charset utf-8;',
    '  etag on;',
    ...compression(options.brotli ?? false, '  '),
    '  # Runtime files: replaced at deploy time, revalidated on every use.',
    // nginx's validators are the file's size and modification second: two same-size manifests
    // written within a second (a deploy, then a rollback) look alike, and a browser revalidating
    // would keep the first. These small files are always sent whole instead.
    ...location(`= ${RUNTIME_FILES.config}`, [`alias ${options.configFile};`, ...WHOLE, ...h('revalidate')]),
    ...location(`= ${RUNTIME_FILES.manifest}`, [`alias ${manifestFile};`, ...WHOLE, ...h('revalidate')]),
    '  # The silent sign-in page: the only page that may be framed, by the host itself.',
    ...location(`= ${SILENT_CALLBACK_PATH}`, [...h('silent-callback'), `try_files ${SILENT_CALLBACK_FILE} =404;`]),
    ...location(`= ${SILENT_CALLBACK_FILE}`, h('silent-callback')),
    ...location('= /index.html', [...h('page'), ...manifestHint(options.config)]),
    '  # Hidden source maps are for resolving reported stack traces, never for browsers.',
    ...location(`~ "${PATH_PATTERNS.hidden}"`, ['return 404;']),
    '  # The server build pages are rendered from, likewise.',
    ...location(`~ "${PATH_PATTERNS.hostHidden}"`, ['return 404;']),
    ...location(`~ "${PATH_PATTERNS.immutable}"`, [...h('immutable'), 'try_files $uri =404;']),
    ...location(`~* "${PATH_PATTERNS.file}"`, [...h('revalidate'), 'try_files $uri =404;']),
    ...(options.pagesRoot ? pageLocations(options.pagesRoot, h('page'), manifestHint(options.config)) : []),
    "  # Every other path is a client-side route: the app's page (odd paths included).",
    ...location('/', [...h('page'), 'try_files $uri /index.html;']),
    "  # Errors nginx answers itself (before any location, too) get the platform's page and headers.",
    ...errorPages(h('error'), ERROR_PAGE, 'text/html; charset=utf-8'),
    '}',
  ];
  if (options.remotes) {
    const { root, listen, hostOrigins, buildRecords } = options.remotes;
    const patterns = hostOrigins.map((origin) => {
      if (!/^https?:\/\/[A-Za-z0-9.-]+(:(\d+|\*))?$/.test(origin))
        throw new Error(
          `Host origin ${JSON.stringify(origin)} must be like "https://app.example.com" (":*" for any port).`,
        );
      return `~${originPattern(origin)}`;
    });
    const r = (kind: 'immutable' | 'revalidate') => addHeaders(remoteHeaders(kind, '$mfe_remote_cors'), '    ');
    // In the locations that serve files, not the server's: the error page's own location must not be refused.
    const published = buildRecords
      ? [
          '# A version no build record names (never published) is not served.',
          'if (!-f $mfe_build_record) { return 404; }',
        ]
      : [];
    lines.push(
      '',
      '# CORS and resource timing for remotes: granted to the host origins only.',
      'map $http_origin $mfe_remote_cors {',
      '  default "";',
      ...patterns.map((pattern) => `  "${pattern}" $http_origin;`),
      '}',
      ...(buildRecords
        ? [
            '',
            '# The build record a path needs: a version is served only once mfe-release has published it.',
            'map $uri $mfe_build_record {',
            '  default "";',
            `  "~${BUILD_RECORD_PATTERNS.preview}" "${root.replace(/\/$/, '')}$uri";`,
            `  "~${BUILD_RECORD_PATTERNS.buildFile}" "${buildRecords.replace(/\/$/, '')}/$1/$2.json";`,
            '}',
          ]
        : []),
      '',
      '# Remotes, each published under its own versioned path: <name>/<version>/mf-manifest.json.',
      'server {',
      `  listen ${listen};`,
      `  root ${root};`,
      '  server_tokens off;',
      '  charset utf-8;',
      '  charset_types application/javascript application/json;',
      ...compression(options.brotli ?? false, '  '),
      ...location(`~ "${PATH_PATTERNS.hidden}"`, ['return 404;']),
      '  # Only the kinds of file a build is made of (a file planted in a stored build is never served).',
      ...location(`~* "^(?!.*${PATH_PATTERNS.remoteFile})"`, ['return 404;']),
      ...location(`~ "${PATH_PATTERNS.immutable}"`, [...r('immutable'), ...published, 'try_files $uri =404;']),
      ...location('/', [...r('revalidate'), ...published, 'try_files $uri =404;']),
      ...errorPages(
        addHeaders({ ...remoteHeaders('revalidate', '$mfe_remote_cors'), 'Cache-Control': 'no-store' }, '    '),
        REMOTE_ERROR_BODY,
        'text/plain; charset=utf-8',
      ),
      '}',
    );
  }
  return `${lines.join('\n')}\n`;
}

/** A complete nginx.conf that runs from `prefix` (`nginx -p <prefix> -c nginx.conf`), for a machine without a packaged config. */
export function nginxStandaloneConfig({
  prefix,
  include,
  mimeTypes = '/etc/nginx/mime.types',
}: {
  prefix: string;
  include: string;
  mimeTypes?: string;
}): string {
  const p = prefix.replace(/\/$/, '');
  // No \`daemon\` here: the command line chooses (\`-g 'daemon off;'\` in the foreground), and nginx
  // refuses the directive twice.
  return `# Written by \`pnpm server:config\`: nginx with everything under ${p}.
# In the background: nginx -p ${p} -c nginx.conf; in the foreground: add -g 'daemon off;'.
worker_processes auto;
pid ${p}/nginx.pid;
error_log ${p}/error.log warn;
events { worker_connections 1024; }
http {
  include ${mimeTypes};
  default_type application/octet-stream;
  access_log ${p}/access.log;
  client_body_temp_path ${p}/tmp/client_body;
  proxy_temp_path ${p}/tmp/proxy;
  fastcgi_temp_path ${p}/tmp/fastcgi;
  uwsgi_temp_path ${p}/tmp/uwsgi;
  scgi_temp_path ${p}/tmp/scgi;
  sendfile on;
  include ${include};
}
`;
}
