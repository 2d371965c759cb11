// BENCH FIXTURE: the federated floor. The page on the fixed choices (../fixed-choices) loading its
// area as a federated remote, as every page of the platform loads at least one: it reads the area's
// mf-manifest.json and the federation runtime runs its remoteEntry.js, pinned by integrity (its
// chunks pinned in turn by the entry), on the singletons this page provides. Nothing else of the
// platform's own: no manifest of areas, no contract check, no sign-in, no telemetry, no shell. What
// no federated page of this platform can be faster than: a page's ratio to it is the platform's cost.
import { getInstance } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { PlainHeader } from '../plain/header';

/** The area's remoteEntry.js hash, from its build's integrity.json (webpack.config.cjs). */
declare const __FLOOR_ENTRY_INTEGRITY__: string;

const manifest = new URL('/floor/mf-manifest.json', window.location.href).href;
const federation = getInstance()!;

/**
 * The runtime as the preset builds it for a host reads no mf-manifest.json itself (its snapshot code
 * left out, `disableSnapshot`): the page reads it, as the runtime's manifest support would (one
 * request, then the entry it names), and registers the entry script, pinned.
 */
async function loadArea(): Promise<ComponentType> {
  const response = await fetch(manifest);
  const { metaData } = (await response.json()) as { metaData: { remoteEntry: { name: string } } };
  const entryScript = new URL(metaData.remoteEntry.name, manifest).href;
  federation.registerPlugins([
    {
      name: 'floor-entry-pin',
      createScript: ({ url }: { url: string }) => {
        if (url !== entryScript) return undefined;
        const script = document.createElement('script');
        script.src = url;
        script.integrity = __FLOOR_ENTRY_INTEGRITY__;
        script.crossOrigin = 'anonymous';
        return script;
      },
    },
  ]);
  federation.registerRemotes([{ name: 'floor', entry: entryScript }]);
  return (await federation.loadRemote<{ default: ComponentType }>('floor/remote'))!.default;
}

void loadArea().then((Area) => {
  const root = document.getElementById('root')!;
  const page = (
    <BrowserRouter>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <PlainHeader />
              <Area />
            </>
          }
        />
      </Routes>
    </BrowserRouter>
  );
  // The prerendered floor holds the page's HTML (prerender.tsx): hydrated, as the platform's prerendered page is.
  if (root.hasChildNodes()) hydrateRoot(root, page);
  else createRoot(root).render(page);
});
