import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { HostProvider, isMountedAreaModule, isPlatformError } from '@mfe/context';
import { useHostServices } from '../host-services/hooks';
import type { RemoteEntry } from '../manifest';
import type { AreaModule } from '../remotes/remote-loader';
import { AdoptedIsland } from './AdoptedIsland';
import { MountedArea } from './MountedArea';
import { useRemoteContext } from './use-remote-context';
import { useRemoteLoad, useRemoteStyles, withTexts } from './use-remote-load';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteErrorPanel } from './RemoteErrorPanel';
import { RemoteSkeleton } from './RemoteSkeleton';
import { SLOT_HOST } from './SlotOutlet';
import { useAreaLabel } from '../host-services/use-area-labels';
import { shellMessages } from '../i18n/shell-messages';
import { useShellIntl } from '../host-services/use-shell-intl';
import { useAsPrerendered } from '../as-prerendered';
import { areaErrorText } from '../remotes/area-failure';

type LoadState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly module: AreaModule }
  | { readonly status: 'failed'; readonly error: Error; readonly needsUpdate: boolean };

/**
 * Mounts one remote under its route. A React area renders inside the host's React tree and router,
 * so its nested `<Routes>` and deep links just work; an area on the neutral contract is mounted into
 * an element of its own, with the same services, boundary, styles and Retry.
 */
export function RemoteRoute({ remote }: { readonly remote: RemoteEntry }) {
  const { loader, pageTitles, styles, prerendered, locale, island } = useHostServices();
  const label = useAreaLabel(remote);
  const intl = useShellIntl();
  const [attempt, setAttempt] = useState(0);
  // An area already loaded, its texts in the page's language, renders at once (no skeleton for a
  // frame); hydrating a prerendered page, only if that HTML holds the area's content, so the first
  // render matches it.
  const asPrerendered = useAsPrerendered();
  // The opening area, in a root of its own before the shell (opening-island.tsx): taken over as the
  // page hydrates, or as it renders when the island was rendered in the browser.
  const [adopting, setAdopting] = useState(() =>
    (asPrerendered || island?.hydrated === false) && island?.remote === remote.name && island.adoptable
      ? island
      : undefined,
  );
  const lostIsland = useCallback(() => setAdopting(undefined), []);
  const [state, setState] = useState<LoadState>(() => {
    const module = loader.loadedModule(remote.name);
    return module && locale.areaPrepared(remote.name) && (!asPrerendered || prerendered?.remote === remote.name)
      ? { status: 'ready', module }
      : { status: 'loading' };
  });

  useRemoteLoad(
    () => {
      const ready = attempt === 0 ? loader.loadedModule(remote.name) : undefined;
      if (ready && locale.areaPrepared(remote.name)) {
        // Its texts for this language are in; this registers how they load for a later switch.
        void locale.prepareArea(remote.name, ready.messages);
        return ready;
      }
      setState({ status: 'loading' });
      const loading = attempt === 0 ? loader.load(remote.name) : loader.retry(remote.name);
      return withTexts(remote.name, loading, (name, messages) => locale.prepareArea(name, messages));
    },
    (module) =>
      setState((current) =>
        current.status === 'ready' && current.module === module ? current : { status: 'ready', module },
      ),
    (error) => setState({ status: 'failed', error, needsUpdate: isPlatformError(error, 'REMOTE_INCOMPATIBLE') }),
    [loader, remote.name, attempt, locale],
  );
  useRemoteStyles(styles, remote.name);

  const setTitle = useCallback((title: string | null) => pageTitles.set(remote.name, title), [pageTitles, remote.name]);
  const context = useRemoteContext(remote, setTitle, SLOT_HOST);
  // After Retry, focus returns into the area (or to the page's content if it failed again), so a
  // keyboard or screen-reader user is not left on a button that no longer exists.
  const focusAfterRetry = useRef(false);
  const areaRef = useRef<HTMLDivElement>(null);
  const focusArea = useCallback(() => (areaRef.current ?? document.getElementById('main'))?.focus(), []);
  useEffect(() => {
    if (!focusAfterRetry.current || state.status === 'loading') return;
    focusAfterRetry.current = false;
    focusArea();
  });
  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  const retryLoad = useCallback(() => {
    focusAfterRetry.current = true;
    reload();
  }, [reload]);
  // A chunk that vanished because the remote was redeployed is recovered once
  // per visit by loading the remote's current entry; a second failure shows the panel.
  const recoveredStaleChunk = useRef(false);
  const recoverStaleChunk = useCallback(() => {
    recoveredStaleChunk.current = true;
    reload();
  }, [reload]);

  // The area's load ends when it is on screen: rendered, or its prerendered HTML hydrated (an
  // adopted island said so itself when it committed); its first interaction is watched from here.
  const hydrating = useRef(asPrerendered && prerendered?.remote === remote.name);
  useEffect(() => {
    if (state.status !== 'ready') return;
    if (!adopting) loader.traceOf(remote.name)?.shown(areaRef.current, hydrating.current);
    hydrating.current = false;
  }, [state, adopting, loader, remote.name]);

  if (state.status === 'loading') return <RemoteSkeleton remote={remote} />;
  if (state.status === 'failed') {
    return (
      <RemoteErrorPanel
        label={label}
        remoteName={remote.name}
        message={areaErrorText(intl, label, state.error)}
        onRetry={retryLoad}
        needsUpdate={state.needsUpdate}
      />
    );
  }
  const { module } = state;
  // The area's element, its island's too: what the HTML holds and the island is rooted in.
  const element = {
    tabIndex: -1,
    className: 'remote-slot remote-area',
    'data-remote': remote.name,
    'data-remote-version': loader.build(remote.name).version ?? '',
  };
  return (
    <RemoteErrorBoundary
      key={`${remote.name}:${attempt}`}
      remoteName={remote.name}
      describe={() => loader.describe(remote.name)}
      onRecovered={focusArea}
      fallback={(error, reset) => {
        // Render may run more than once: the flag is set by the recovery's effect, not here.
        if (isStaleChunk(error) && !recoveredStaleChunk.current)
          return <StaleChunkRecovery label={label} onRecover={recoverStaleChunk} />;
        return (
          <RemoteErrorPanel
            label={label}
            remoteName={remote.name}
            message={
              isStaleChunk(error)
                ? intl.formatMessage(shellMessages.areaStale)
                : intl.formatMessage(shellMessages.areaThrew, { message: error.message })
            }
            onRetry={isStaleChunk(error) ? retryLoad : reset}
          />
        );
      }}
    >
      {adopting ? (
        <AdoptedIsland island={adopting} context={context} element={element} areaRef={areaRef} onLost={lostIsland} />
      ) : (
        <div ref={areaRef} {...element}>
          <HostProvider value={context}>
            <Suspense fallback={<AreaLoading label={label} />}>
              {isMountedAreaModule(module) ? <MountedArea module={module} /> : <module.App />}
            </Suspense>
          </HostProvider>
        </div>
      )}
    </RemoteErrorBoundary>
  );
}

/** What an area that suspends shows meanwhile (a component: the text is formatted only when shown). */
function AreaLoading({ label }: { readonly label: string }) {
  const intl = useShellIntl();
  return (
    <p role="status" aria-busy="true">
      {intl.formatMessage(shellMessages.loadingArea, { label })}
    </p>
  );
}

/** webpack's error for a chunk that could not be fetched (typically: deleted by a redeploy). */
export function isStaleChunk(error: Error): boolean {
  return error.name === 'ChunkLoadError' || /Loading chunk [\w-]+ failed/.test(error.message);
}

function StaleChunkRecovery({ label, onRecover }: { readonly label: string; readonly onRecover: () => void }) {
  const intl = useShellIntl();
  useEffect(() => onRecover(), [onRecover]);
  return (
    <p aria-busy="true" data-testid="remote-updating">
      {intl.formatMessage(shellMessages.areaUpdating, { label })}
    </p>
  );
}
