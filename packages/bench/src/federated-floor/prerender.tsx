// BENCH FIXTURE: the prerendered federated floor. The floor's page with its content rendered ahead of
// time into its HTML, as the platform's public page is (the area's server build, the area's stylesheet
// linked with its integrity), then hydrated in the browser by the same script. Written after the
// bench's build: dist-federated-floor/ copied to dist-federated-floor-prerendered/ with this page.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import rules from '@mfe/manifest/rules.json';
import { loadServerBundle } from '@mfe/prerender';
import { PlainHeader } from '../plain/header';

const benchDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const from = join(benchDir, 'dist-federated-floor');
const to = join(benchDir, 'dist-federated-floor-prerendered');

/** The area as its server build renders it, its assets under /floor/ as the browser build serves them. */
function serverArea(): ComponentType {
  const serverBuild = join(from, 'floor', rules.build.serverFolder);
  const described = JSON.parse(readFileSync(join(serverBuild, 'server.json'), 'utf8')) as {
    entry: string;
    integrity: string;
  };
  const exported = loadServerBundle({
    code: readFileSync(join(serverBuild, described.entry), 'utf8'),
    integrity: described.integrity,
    publicPath: '/floor/',
    label: 'the federated floor',
  }) as { default: ComponentType };
  return exported.default;
}

/** The area's first stylesheet with the integrity its build recorded, so the HTML paints styled. */
function areaStylesheet(): string {
  const manifest = JSON.parse(readFileSync(join(from, 'floor', 'mf-manifest.json'), 'utf8')) as {
    exposes: Array<{ path: string; assets: { css: { sync: string[] } } }>;
    integrity: Record<string, string>;
  };
  const css = manifest.exposes.find((exposed) => exposed.path === './remote')!.assets.css.sync[0]!;
  return `<link rel="stylesheet" href="/floor/${css}" integrity="${manifest.integrity[css]}" crossorigin="anonymous">`;
}

const Area = serverArea();
const html = renderToString(
  <>
    <PlainHeader />
    <Area />
  </>,
);
rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true });
const page = readFileSync(join(from, 'index.html'), 'utf8')
  .replace('</head>', `${areaStylesheet()}</head>`)
  .replace(/<div id="?root"?><\/div>/, `<div id="root">${html}</div>`);
if (!page.includes(html))
  throw new Error(`${join(from, 'index.html')} has no empty <div id=root></div> to render into.`);
writeFileSync(join(to, 'index.html'), page);
console.log(`prerendered federated floor: ${join(to, 'index.html')}`);
