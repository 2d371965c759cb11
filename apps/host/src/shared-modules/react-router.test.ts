import * as real from 'react-router';
import * as provided from './react-router';

/** Server rendering, framework mode (route modules, HMR, hydration) and React Server Components: never used by a browser SPA. */
const LEFT_OUT = [
  'Links',
  'Meta',
  'PrefetchPageLinks',
  'Scripts',
  'ServerRouter',
  'StaticRouter',
  'StaticRouterProvider',
  'UNSAFE_FrameworkContext',
  'UNSAFE_RSCDefaultRootErrorBoundary',
  'UNSAFE_RemixErrorBoundary',
  'UNSAFE_ServerMode',
  'UNSAFE_SingleFetchRedirectSymbol',
  'UNSAFE_WithComponentProps',
  'UNSAFE_WithErrorBoundaryProps',
  'UNSAFE_WithHydrateFallbackProps',
  'UNSAFE_createClientRoutes',
  'UNSAFE_createClientRoutesWithHMRRevalidationOptOut',
  'UNSAFE_decodeViaTurboStream',
  'UNSAFE_getHydrationData',
  'UNSAFE_getPatchRoutesOnNavigationFunction',
  'UNSAFE_getTurboStreamSingleFetchDataStrategy',
  'UNSAFE_hydrationRouteProperties',
  'UNSAFE_shouldHydrateRouteLoader',
  'UNSAFE_useFogOFWarDiscovery',
  'UNSAFE_withComponentProps',
  'UNSAFE_withErrorBoundaryProps',
  'UNSAFE_withHydrateFallbackProps',
  'createCookie',
  'createCookieSessionStorage',
  'createMemorySessionStorage',
  'createRequestHandler',
  'createRoutesStub',
  'createSession',
  'createSessionStorage',
  'createStaticHandler',
  'createStaticRouter',
  'isCookie',
  'isSession',
  'unstable_RSCStaticRouter',
  'unstable_routeRSCServerRequest',
  'unstable_setDevServerHooks',
];

/**
 * The data-router engine and what only works inside it (loaders, actions, fetchers, blockers, data
 * routers): the host routes in declarative mode, so none of it can run in a feature area.
 */
const DATA_ROUTER_ONLY = [
  'Await',
  'Form',
  'IDLE_BLOCKER',
  'IDLE_FETCHER',
  'IDLE_NAVIGATION',
  'RouterContextProvider',
  'RouterProvider',
  'ScrollRestoration',
  'UNSAFE_AwaitContextProvider',
  'UNSAFE_DataRouterContext',
  'UNSAFE_DataRouterStateContext',
  'UNSAFE_ErrorResponseImpl',
  'UNSAFE_FetchersContext',
  'UNSAFE_ViewTransitionContext',
  'UNSAFE_createRouter',
  'UNSAFE_mapRouteProperties',
  'UNSAFE_useScrollRestoration',
  'createBrowserRouter',
  'createContext',
  'createHashRouter',
  'createMemoryRouter',
  'data',
  'redirect',
  'redirectDocument',
  'replace',
  'unstable_usePrompt',
  'unstable_useRoute',
  'unstable_useRouterState',
  'useActionData',
  'useAsyncError',
  'useAsyncValue',
  'useBlocker',
  'useFetcher',
  'useFetchers',
  'useFormAction',
  'useLoaderData',
  'useMatches',
  'useNavigation',
  'useRevalidator',
  'useRouteError',
  'useRouteLoaderData',
  'useSubmit',
  'useViewTransitionState',
];

// The real package, as installed (not through the alias).
const installed = Object.keys(real);

describe('the react-router the host shares with remotes', () => {
  it('classifies every export of the installed react-router as provided or left out', () => {
    const unclassified = installed.filter(
      (name) => !(name in provided) && !LEFT_OUT.includes(name) && !DATA_ROUTER_ONLY.includes(name),
    );
    expect(unclassified).toEqual([]);
  });

  it('provides the real implementations, not copies', () => {
    for (const [name, value] of Object.entries(provided)) expect(value).toBe((real as Record<string, unknown>)[name]);
    expect(Object.keys(provided).length).toBeGreaterThan(40);
  });

  it('leaves out only names react-router still exports', () => {
    expect([...LEFT_OUT, ...DATA_ROUTER_ONLY].filter((name) => !installed.includes(name))).toEqual([]);
    expect(DATA_ROUTER_ONLY.filter((name) => name in provided)).toEqual([]);
  });

  it('leaves out nothing a remote uses to route: the client API is all there', () => {
    for (const name of [
      'Routes',
      'Route',
      'Link',
      'NavLink',
      'Outlet',
      'useNavigate',
      'useParams',
      'useSearchParams',
      'useLocation',
      'Navigate',
    ]) {
      expect(typeof (provided as Record<string, unknown>)[name]).not.toBe('undefined');
    }
  });
});
