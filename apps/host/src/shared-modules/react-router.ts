// What the host provides to every remote as the shared `react-router` singleton.
//
// A shared module cannot be tree-shaken (the host cannot know what remotes will
// use), so every export listed here is in every visitor's first script. The host
// routes in declarative mode (`<BrowserRouter>` + `useRoutes`, see routes.tsx):
// remotes render nested `<Routes>` inside it and need the client API below. The
// data-router engine (loaders, actions, fetchers, blockers) is left out: it is
// about 20 KiB gzip, nothing in a feature area can use it inside a declarative
// router, and it would otherwise load on every page (decision 0010).
// `react-router.test.ts` fails when a react-router release adds an export that
// is in neither list, so each new export is classified on purpose.
export {
  BrowserRouter,
  HashRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  NavigationType,
  Outlet,
  Route,
  Router,
  Routes,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  UNSAFE_createBrowserHistory,
  UNSAFE_createHashHistory,
  UNSAFE_createMemoryHistory,
  UNSAFE_invariant,
  createPath,
  createRoutesFromChildren,
  createRoutesFromElements,
  createSearchParams,
  generatePath,
  href,
  isRouteErrorResponse,
  matchPath,
  matchRoutes,
  parsePath,
  renderMatches,
  resolvePath,
  unstable_HistoryRouter,
  useBeforeUnload,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from '@mfe-alias/react-router-build';
