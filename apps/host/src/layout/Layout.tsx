import { Suspense, useCallback, useMemo } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { describeProblem } from '../manifest';
import { useHostServices, useSessionSnapshot, useUsableRemotes, useViewer } from '../host-services/hooks';
import { useAsPrerendered } from '../as-prerendered';
import { SessionExpiredNotice } from './SessionExpiredNotice';
import { canSeeDiagnostics } from '../access';
import { ArrivalAnnouncer } from './ArrivalAnnouncer';
import { ConsentBanner } from './ConsentBanner';
import { hostPageNames, useDocumentTitle, useFocusOnNavigation } from './document-title';
import { OverridesBanner } from './Overrides';
import { PreviewBanner } from './PreviewBanner';
import { likelyNext, useIdlePrefetch } from '../remotes/idle-prefetch';
import { useLocalizedRemotes } from '../host-services/use-area-labels';
import { LanguageMenu } from './LanguageMenu';
import { SlotOutlet } from '../areas/SlotOutlet';
import { shellMessages } from '../i18n/shell-messages';
import { useShellIntl } from '../host-services/use-shell-intl';

/**
 * Element Timing (a web standard): when the shell is first painted, for real-user monitoring and
 * `pnpm bench` (the product's name is the header's first text).
 */
const SHELL_PAINT_MARKER = { elementtiming: 'shell' } as Record<string, string>;
// The same object on every render, so a re-render of the shell does not reach the header's parts.
const NO_PARAMS = Object.freeze({});

/**
 * The host's frame around every page: header, navigation, user menu, notices, the page, the footer.
 *
 * Each region of the shell is a Suspense boundary of its own, and everything that reads what only
 * the browser knows (the session, consent, overrides) is inside one. React hydrates a prerendered page
 * region by region: the frame first, then each boundary, the one a visitor clicks or types into
 * before the others. So the area's first click waits for the frame and the area only, not for the
 * header (decision 0017). In the browser's own renders the boundaries never show a fallback: nothing
 * in them suspends.
 */
export function Layout() {
  return (
    <>
      <Suspense fallback={null}>
        <ShellHeader />
      </Suspense>
      <Suspense fallback={null}>
        <ShellNotices />
      </Suspense>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <ShellFooter />
      </Suspense>
      {/* Last on the page: shown once a prerendered page is hydrated, it moves nothing already painted. */}
      <Suspense fallback={null}>
        <ShellConsent />
      </Suspense>
    </>
  );
}

/** The header (product, navigation, language, account) and the page-wide effects that go with it. */
function ShellHeader() {
  const { config, manifest, session, loader, pageTitles } = useHostServices();
  // Intent to open an area (hover, keyboard focus) starts loading it; failures surface on the visit.
  const preload = (name: string) => loader.intend(name);
  const { user, restoring } = useSessionSnapshot();
  const usable = useLocalizedRemotes(useUsableRemotes());
  const titled = useLocalizedRemotes(manifest.remotes);
  const { pathname } = useLocation();
  const intl = useShellIntl();
  // In the header a failed part is a compact control (the notice opens below it), named as the header's.
  const headerParts = useMemo(
    () => ({
      compact: true,
      partLabel: (label: string) => intl.formatMessage(shellMessages.contributionInHeader, { label }),
    }),
    [intl],
  );
  // When the page is done and the browser idle, the areas in the navigation load ahead (idle-prefetch.ts).
  useIdlePrefetch(
    likelyNext(usable, pathname, user !== null),
    !restoring,
    useCallback((name: string) => loader.prefetch(name), [loader]),
  );
  useDocumentTitle(config.productName, titled, pageTitles, hostPageNames(intl));
  useFocusOnNavigation();
  return (
    <>
      <a className="skip-link" href="#main">
        {intl.formatMessage(shellMessages.skipToContent)}
      </a>
      <header className="app-header">
        <Link to="/" className="product" data-testid="product-name" {...SHELL_PAINT_MARKER}>
          {config.productName}
        </Link>
        <nav className="app-nav" aria-label={intl.formatMessage(shellMessages.featureAreas)}>
          {usable.map((remote) => (
            <NavLink
              key={remote.name}
              to={remote.path}
              data-testid={`nav-${remote.name}`}
              onMouseEnter={() => preload(remote.name)}
              onFocus={() => preload(remote.name)}
            >
              {remote.label}
            </NavLink>
          ))}
        </nav>
        {/* Other teams' parts in the header (as the manifest composes them), mounted across navigation. */}
        <SlotOutlet name="shell.header.end" params={NO_PARAMS} presentation={headerParts} />
        <LanguageMenu />
        <div className="user-menu" data-testid="user-menu">
          {user ? (
            <>
              <span data-testid="user-name">{user.name ?? user.email ?? user.sub}</span>
              <button type="button" onClick={() => void session.signOut()}>
                {intl.formatMessage(shellMessages.signOut)}
              </button>
            </>
          ) : restoring ? (
            // The place "Sign in" will take, kept while the session is not known (a prerendered page
            // too), so the header does not change size when it is: invisible, not focusable, not read.
            <button type="button" className="user-menu-reserve" disabled aria-hidden="true" tabIndex={-1}>
              {intl.formatMessage(shellMessages.signIn)}
            </button>
          ) : (
            <button
              type="button"
              onClick={() => void session.signIn()}
              onMouseEnter={() => session.prepare()}
              onFocus={() => session.prepare()}
              data-testid="sign-in"
            >
              {intl.formatMessage(shellMessages.signIn)}
            </button>
          )}
        </div>
      </header>
    </>
  );
}

/** What the shell tells the visitor between the header and the page: session, overrides, preview, manifest problems, arrivals. */
function ShellNotices() {
  const { manifest } = useHostServices();
  const { status } = useSessionSnapshot();
  // What only this browser knows (consent, overrides, a preview) shows once a prerendered page is hydrated.
  const asPrerendered = useAsPrerendered();
  return (
    <>
      {status === 'expired' && <SessionExpiredNotice />}
      {!asPrerendered && <OverridesBanner />}
      {!asPrerendered && <PreviewBanner />}
      {manifest.problems.length > 0 && (
        <aside className="notice" role="status" data-testid="manifest-problems">
          Some feature areas are unavailable because their manifest entries are invalid (details on the{' '}
          <Link to="/diagnostics">diagnostics page</Link>):
          <ul>
            {manifest.problems.map((problem) => (
              <li key={problem.index}>{describeProblem(problem)}</li>
            ))}
          </ul>
        </aside>
      )}
      <ArrivalAnnouncer />
    </>
  );
}

function ShellFooter() {
  const { config } = useHostServices();
  const viewer = useViewer();
  const intl = useShellIntl();
  return (
    <footer className="app-footer">
      {canSeeDiagnostics(config.diagnostics, viewer) && (
        <Link to="/diagnostics" data-testid="nav-diagnostics">
          {intl.formatMessage(shellMessages.diagnostics)}
        </Link>
      )}
    </footer>
  );
}

function ShellConsent() {
  return useAsPrerendered() ? null : <ConsentBanner />;
}
