import { lazy, Suspense, useMemo } from 'react';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router';
import { RequireAccess } from './layout/RequireAccess';
import { RequireAuth } from './layout/RequireAuth';
import { Home } from './layout/Home';
import { Layout } from './layout/Layout';
import { NotFound } from './layout/NotFound';
import type { RemoteEntry } from './manifest';
import { RemoteRoute } from './areas/RemoteRoute';
import { RemoteSkeleton } from './areas/RemoteSkeleton';
import { CALLBACK_PATH } from '@mfe/auth/paths';
import { SigningIn } from './layout/SigningIn';

/**
 * Diagnostics (and the override form in it) is for admins and developers: its own chunk, loaded when
 * the page is opened, so no visitor's first script carries it (measured with `pnpm bench`).
 */
const Diagnostics = lazy(() =>
  import(/* webpackChunkName: "diagnostics" */ './layout/Diagnostics').then((module) => ({
    default: module.Diagnostics,
  })),
);

/**
 * The host's routes: its own pages plus one `<path>/*` route per remote, so
 * the remote's nested routes (and deep links into them) resolve inside it.
 */
export function buildRoutes(remotes: readonly RemoteEntry[]): RouteObject[] {
  const remoteRoutes: RouteObject[] = remotes.map((remote) => {
    // Keyed by name so moving between two remotes remounts instead of reusing state.
    const mounted = (
      <RequireAccess key={remote.name} remote={remote}>
        <RemoteRoute remote={remote} />
      </RequireAccess>
    );
    return {
      path: `${remote.path.slice(1)}/*`,
      element: remote.requiresAuth ? (
        <RequireAuth key={remote.name} pending={<RemoteSkeleton remote={remote} />}>
          {mounted}
        </RequireAuth>
      ) : (
        mounted
      ),
    };
  });
  return [
    {
      path: '/',
      element: <Layout />,
      children: [
        { index: true, element: <Home /> },
        {
          path: 'diagnostics',
          element: (
            <Suspense fallback={<p role="status">Loading diagnostics…</p>}>
              <Diagnostics />
            </Suspense>
          ),
        },
        // The sign-in return page as rendered ahead of time (SigningIn.tsx).
        { path: CALLBACK_PATH.slice(1), element: <SigningIn /> },
        ...remoteRoutes,
        { path: '*', element: <NotFound /> },
      ],
    },
  ];
}

/** The routes under whichever router the page runs in (the browser's, or a static one ahead of time). */
export function AppRoutes({ remotes }: { readonly remotes: readonly RemoteEntry[] }) {
  return useRoutes(useMemo(() => buildRoutes(remotes), [remotes]));
}

/**
 * The host's router, in declarative mode: the data-router engine (loaders, actions, fetchers) is
 * about 20 KiB gzip that every visitor would download first, and nothing here uses it (decision 0010).
 */
export function AppRouter({ remotes }: { readonly remotes: readonly RemoteEntry[] }) {
  return (
    <BrowserRouter>
      <AppRoutes remotes={remotes} />
    </BrowserRouter>
  );
}
