import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeServerConfig } from '@mfe/deploy';
import { DirectoryStore, publishBuild } from '@mfe/release';
import { startDevIdp } from '@mfe/dev-idp';
import { validateRuntimeConfig } from '@mfe/manifest';
import { devRuntimeConfig, localUrl, readDevRemotes, startCollector, topology } from '@mfe/stack';
import { FIXTURES } from './fixtures.mjs';

// The browser tests' production deployment: the builds published as a platform engineer would
// (host files; each remote published into a release store under <name>/<version>/), served by real nginx with the config that
// `pnpm server:config` writes, next to the dev provider, a telemetry collector that records what it
// gets, the production metrics collector (its command, as a deployment runs it; the rollout's
// Prometheus scrapes it) and a stand-in third-party tag server. Prints `NGINX READY <json>` once
// everything answers.
const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = join(here, '..', '..', '..');
const { values } = parseArgs({
  options: { 'base-port': { type: 'string' }, dir: { type: 'string' }, 'manifest-url': { type: 'string' } },
});
const base = Number(values['base-port']);
const dir = values.dir!;
const ports = topology(base);
const hostUrl = localUrl(ports.host);
const remotesUrl = localUrl(ports.remotesServer);
const idpUrl = localUrl(ports.idp);
const tagsUrl = localUrl(ports.tags);
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
if (!existsSync(NGINX))
  throw new Error(
    `nginx is not installed at ${NGINX}. Install it with "apt-get install -y nginx" (as root) or set NGINX_PATH.`,
  );

/**
 * Publishes a remote's build as a pipeline does (`mfe-release publish`: remotes/<name>/<version>/ and
 * its build record; the remotes' server serves only what a record names) and returns its entry's fields.
 */
async function publish(dist: string): Promise<{ version: string; integrity: string }> {
  const { record } = await publishBuild(new DirectoryStore(dir), dist, { actor: 'e2e' });
  return { version: record.version, integrity: record.integrity };
}

mkdirSync(join(dir, 'remotes'), { recursive: true });
cpSync(join(repoRoot, 'apps', 'host', 'dist'), join(dir, 'host'), { recursive: true });
// The development manifest's areas and the faulty fixture.
const remotes = [
  ...readDevRemotes().map(({ name, path, label, order }) => ({
    name,
    path,
    label,
    order,
    dist: join(repoRoot, 'apps', name, 'dist'),
  })),
  FIXTURES.faulty,
];
const manifest = {
  schemaVersion: 1,
  remotes: await Promise.all(
    remotes.map(async ({ name, path, label, order, dist }) => {
      const { version, integrity } = await publish(dist);
      return { name, entry: `${remotesUrl}/${name}/${version}/mf-manifest.json`, path, label, order, integrity };
    }),
  ),
};
writeFileSync(join(dir, 'remotes.json'), JSON.stringify(manifest, null, 2));

const apiUrl = localUrl(ports.api);
const idp = await startDevIdp({
  port: ports.idp,
  issuer: idpUrl,
  api: { port: ports.api, url: apiUrl },
  hostOrigins: [hostUrl],
  adminApi: true,
});
const collector = await startCollector({ port: ports.collector, hostOrigins: [hostUrl] });
const metricsCollector = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    join(repoRoot, 'packages', 'metrics-collector', 'src', 'cli.ts'),
    '--allow-origin',
    hostUrl,
    '--listen',
    `127.0.0.1:${ports.metricsCollector}`,
    '--metrics-listen',
    `127.0.0.1:${ports.metricsCollectorScrape}`,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
await new Promise<void>((resolve, reject) => {
  let said = '';
  metricsCollector.stdout!.on('data', (chunk: Buffer) => {
    said += chunk.toString();
    if (said.includes('metrics-collector: logs at')) resolve();
  });
  metricsCollector.once('exit', (code) => reject(new Error(`The metrics collector exited (${code}): ${said}`)));
});
const metricsCollectorUrl = localUrl(ports.metricsCollector);
const metricsScrapeUrl = `http://127.0.0.1:${ports.metricsCollectorScrape}`;
// A stand-in for a third-party tag script: it records every request it gets.
const tagHits: string[] = [];
const tags = createServer((req, res) => {
  if (req.url === '/__hits') {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    return res.end(JSON.stringify(tagHits));
  }
  tagHits.push(req.url ?? '');
  res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' });
  res.end('window.__tagLoaded = (window.__tagLoaded || 0) + 1;');
});
await new Promise<void>((resolve) => tags.listen(ports.tags, '127.0.0.1', resolve));

// A production-like config: diagnostics for admins only, telemetry after consent.
const checked = validateRuntimeConfig({
  ...devRuntimeConfig({
    idpUrl,
    apiUrl,
    // The release store's bucket, where a test keeps one on an S3-protocol server (release-s3.e2e.ts).
    remoteOrigins: [remotesUrl, localUrl(ports.s3)],
    collectorUrl: collector.url,
    // The error-reporting SDK reports to the same local collector (a DSN is `<scheme>://<key>@<host>/<project>`).
    // And the production metrics path, as a second collector adapter.
    extraAdapters: [
      { type: 'sentry', dsn: `http://publickey@localhost:${ports.collector}/1`, environment: 'e2e' },
      { type: 'collector', endpoint: `${metricsCollectorUrl}/v1/logs` },
    ],
    tagLoader: { src: `${tagsUrl}/gtm.js?id=GTM-TEST` },
    diagnostics: { roles: ['admin'] },
    // Production's default: unpinned entries are refused.
    requireIntegrity: true,
    // Preview links read their manifests from the release store the remotes' server serves.
    previews: { manifestBase: `${remotesUrl}/_preview/` },
  }),
  // A manifest elsewhere (a release store's bucket), when the test says so.
  ...(values['manifest-url'] ? { manifestUrl: values['manifest-url'] } : {}),
});
if (!checked.ok) throw new Error(checked.problems.join('\n'));
const release = writeServerConfig({
  config: checked.config,
  hostRoot: join(dir, 'host'),
  manifestFile: join(dir, 'remotes.json'),
  // Prerendered pages where this folder has them (a test links it to a release store's environment).
  pagesRoot: join(dir, 'pages'),
  out: join(dir, 'nginx'),
  listen: `127.0.0.1:${ports.host}`,
  // The folder is a release store (builds published by mfe-release's own code, tests run its commands on it).
  remotes: {
    root: join(dir, 'remotes'),
    buildRecords: join(dir, 'builds'),
    listen: `127.0.0.1:${ports.remotesServer}`,
    hostOrigins: [hostUrl],
  },
});
// nginx's workers run as an unprivileged user when started as root: they must be able to read the files.
for (const path of [dir, join(dir, 'nginx')]) chmodSync(path, 0o755);
const check = spawnSync(NGINX, ['-t', '-p', join(dir, 'nginx'), '-c', release.standaloneConfig], { encoding: 'utf8' });
if (check.status !== 0) throw new Error(`nginx -t refused the written config:\n${check.stderr}`);
const nginx = spawn(NGINX, ['-p', join(dir, 'nginx'), '-c', release.standaloneConfig, '-g', 'daemon off;'], {
  stdio: ['ignore', 'inherit', 'inherit'],
});
for (let tries = 0; ; tries += 1) {
  const up = await fetch(`${hostUrl}/config.json`).then(
    (response) => response.ok,
    () => false,
  );
  if (up) break;
  if (tries > 100 || nginx.exitCode !== null)
    throw new Error(`nginx did not start (exit code ${nginx.exitCode}); see ${join(dir, 'nginx', 'error.log')}`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
console.log(
  `NGINX READY ${JSON.stringify({ hostUrl, remotesUrl, idpUrl, apiUrl, collectorUrl: collector.url, metricsCollectorUrl, metricsScrapeUrl, tagsUrl, dir, manifestFile: join(dir, 'remotes.json'), pagesDir: join(dir, 'pages'), remotesDir: join(dir, 'remotes'), config: checked.config, manifest })}`,
);

const stop = () => {
  nginx.kill('SIGQUIT');
  metricsCollector.kill('SIGTERM');
  tags.close();
  void Promise.all([idp.close(), collector.close()]).then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
