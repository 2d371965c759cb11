import * as real from 'react-router';
import * as provided from './react-router';

/** Server rendering, framework mode (route modules, HMR, hydration) and React Server Components: never used by a browser SPA. */
const LEFT_OUT = [
  'Links', 'Meta', 'PrefetchPageLinks', 'Scripts', 'ServerRouter', 'StaticRouter', 'StaticRouterProvider',
  'UNSAFE_FrameworkContext', 'UNSAFE_RSCDefaultRootErrorBoundary', 'UNSAFE_RemixErrorBoundary', 'UNSAFE_ServerMode',
  'UNSAFE_SingleFetchRedirectSymbol', 'UNSAFE_WithComponentProps', 'UNSAFE_WithErrorBoundaryProps', 'UNSAFE_WithHydrateFallbackProps',
  'UNSAFE_createClientRoutes', 'UNSAFE_createClientRoutesWithHMRRevalidationOptOut', 'UNSAFE_decodeViaTurboStream',
  'UNSAFE_getHydrationData', 'UNSAFE_getPatchRoutesOnNavigationFunction', 'UNSAFE_getTurboStreamSingleFetchDataStrategy',
  'UNSAFE_hydrationRouteProperties', 'UNSAFE_shouldHydrateRouteLoader', 'UNSAFE_useFogOFWarDiscovery',
  'UNSAFE_withComponentProps', 'UNSAFE_withErrorBoundaryProps', 'UNSAFE_withHydrateFallbackProps',
  'createCookie', 'createCookieSessionStorage', 'createMemorySessionStorage', 'createRequestHandler', 'createRoutesStub',
  'createSession', 'createSessionStorage', 'createStaticHandler', 'createStaticRouter', 'isCookie', 'isSession',
  'unstable_RSCStaticRouter', 'unstable_routeRSCServerRequest', 'unstable_setDevServerHooks',
];

// The real package, as installed (not through the alias).
const installed = Object.keys(real);

describe('the react-router the host shares with remotes', () => {
  it('classifies every export of the installed react-router as provided or left out', () => {
    const unclassified = installed.filter((name) => !(name in provided) && !LEFT_OUT.includes(name));
    expect(unclassified).toEqual([]);
  });

  it('provides the real implementations, not copies', () => {
    for (const [name, value] of Object.entries(provided)) expect(value).toBe((real as Record<string, unknown>)[name]);
    expect(Object.keys(provided).length).toBeGreaterThan(80);
  });

  it('leaves out only names react-router still exports', () => {
    expect(LEFT_OUT.filter((name) => !installed.includes(name))).toEqual([]);
  });

  it('leaves out nothing a remote uses to route: the client API is all there', () => {
    for (const name of ['Routes', 'Route', 'Link', 'NavLink', 'Outlet', 'useNavigate', 'useParams', 'useSearchParams', 'useLocation', 'Navigate']) {
      expect(typeof (provided as Record<string, unknown>)[name]).not.toBe('undefined');
    }
  });
});
