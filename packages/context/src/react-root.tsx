// An area on a React major other than the host's, shown through the neutral mount contract: it
// renders in a root of its own with its own React and react-dom (the preset's `mount: 'own-root'`
// bundles them), under the same `HostProvider` and hooks as an area in the host's tree, and routes
// with its own react-router kept in step with the host's history (the host's location in, its
// navigation out). Module Federation's bridge (`@module-federation/bridge-react`) does the same with a
// `basename` and its own BrowserRouter; decision 0019 says why this is built on the contract instead.
import { Component, createElement, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Route, Router, Routes, type Navigator, type To } from 'react-router';
import { defineMountedArea, type MountedAreaModule } from './mount';
import { HostProvider } from './provider';
import type { HostContext } from './types';

export interface ReactRootAreaDefinition {
  /** The area's root component: its `<Routes>` match paths relative to the area, as in the host's tree. */
  readonly App: ComponentType;
  /** The area's texts for a locale other than the default, as `defineRemote`'s `messages`. */
  readonly messages?: (locale: string) => Promise<Readonly<Record<string, string>>>;
}

/** A throw while the area renders: said to the host, which shows it in place with Retry. */
class FailToHost extends Component<{ readonly fail: (error: unknown) => void; readonly children?: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.fail(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

const pathOf = (to: To): string =>
  typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`;

/**
 * The area's router navigates through the host's (one history, the host's navigation highlighting
 * the area's page): react-router hands a navigator whole paths, and the host's `remote.navigate`
 * takes paths within the area. Also the host's, for an area it hydrates in a root of its own.
 */
export function hostNavigator(services: () => Pick<HostContext, 'remote'>): Navigator {
  const withinArea = (to: To) => {
    const path = pathOf(to);
    const base = services().remote.basePath;
    return path === base ? '/' : path.startsWith(`${base}/`) ? path.slice(base.length) : path;
  };
  return {
    createHref: pathOf,
    go: (delta) => window.history.go(delta),
    push: (to) => services().remote.navigate(withinArea(to)),
    replace: (to) => services().remote.navigate(withinArea(to), { replace: true }),
  };
}

/**
 * Declares an area rendered in a React root of its own. Expose the result as `./remote` and build it
 * with the preset's `mount: 'own-root'`:
 *
 *     export default defineReactRootArea({ App: ClaimsApp });
 */
export function defineReactRootArea(definition: ReactRootAreaDefinition): MountedAreaModule {
  return defineMountedArea({
    mount(element, first) {
      let services = first;
      const navigator = hostNavigator(() => services);
      const root = createRoot(element);
      const render = () =>
        root.render(
          createElement(
            FailToHost,
            { fail: (error: unknown) => services.fail(error) },
            createElement(
              HostProvider,
              { value: services },
              // As in the host's tree: the whole location, the area's routes under `<basePath>/*`, so
              // its relative routes and links and the contract's area links (whole paths) all work.
              createElement(
                Router,
                { location: services.location, navigator },
                createElement(
                  Routes,
                  null,
                  createElement(Route, {
                    path: `${services.remote.basePath}/*`,
                    element: createElement(definition.App),
                  }),
                ),
              ),
            ),
          ),
        );
      render();
      return {
        update(next) {
          services = next;
          render();
        },
        unmount: () => root.unmount(),
      };
    },
    ...(definition.messages ? { messages: definition.messages } : {}),
  });
}
