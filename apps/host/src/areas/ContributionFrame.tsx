import {
  Suspense,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { HostProvider, type ContributionModule, type SlotHost } from '@mfe/context';
import { contributionLabelIn } from '@mfe/manifest';
import { entriesOf } from '../manifest';
import { useHostServices } from '../host-services/hooks';
import { useAreaLabel } from '../host-services/use-area-labels';
import { useShellIntl } from '../host-services/use-shell-intl';
import { shellMessages } from '../i18n/shell-messages';
import { contributionKey, FAILURE_BUDGET, type PlacedContribution } from '../remotes/contribution-loader';
import { heldCode, isHeldPrerendered, loadWithTexts, releaseHeld, type HeldCode } from './held-contributions';
import { FailureNotice } from './FailureNotice';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { useRemoteContext } from './use-remote-context';
import { useRemoteLoad, useRemoteStyles } from './use-remote-load';
import { useWhenNearOrIdle } from './when-near';

// The page belongs to the slot's owner: a contribution does not title it.
const NO_TITLE = () => undefined;

type FrameState =
  | { readonly status: 'waiting' }
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly module: ContributionModule }
  /** Its HTML is on the page (a prerendered page) and its code on its way: hydrated once it is in. */
  | ({ readonly status: 'held' } & HeldCode)
  | { readonly status: 'failed' };

/** How a slot's owner has a failed contribution shown in its space. */
export interface FailurePresentation {
  /** A compact control that opens the full notice (a header), instead of the notice itself. */
  readonly compact?: boolean;
  /** The part's name when the manifest gives it no label, from its area's (e.g. "Account in the header"). */
  readonly partLabel?: (areaLabel: string) => string;
}

/**
 * One contribution in its slot, isolated from the page and from the other contributions: it loads
 * when it nears the viewport (at once when it is in the first view) or when the browser is idle;
 * it renders under its own remote's context (telemetry, events, texts and styles are its remote's),
 * inside its own error boundary; a failure is said in place (as its slot's owner presents it) and
 * announced, never taking focus, with Retry until its failure budget is spent. After Retry, focus
 * stays on the part and its return is announced.
 */
export function ContributionFrame({
  contribution,
  params,
  slots,
  firstView = true,
  presentation = {},
}: {
  readonly contribution: PlacedContribution;
  readonly params: unknown;
  /** What the contribution's own `<Slot>`s render with. */
  readonly slots: SlotHost;
  /** Whether its slot's owner expects it in the page's first view (a prerendered page hints its script). */
  readonly firstView?: boolean;
  readonly presentation?: FailurePresentation;
}) {
  const services = useHostServices();
  const { contributions, loader, locale, styles } = services;
  const intl = useShellIntl();
  const entry = entriesOf(services.manifest).find((remote) => remote.name === contribution.remote)!;
  // A remote that only contributes has no area label: its name stands in.
  const areaLabel = useAreaLabel({ ...entry, label: entry.label ?? entry.name });
  const label =
    contributionLabelIn(contribution, intl.locale) ??
    presentation.partLabel?.(areaLabel) ??
    intl.formatMessage(shellMessages.contributionFrom, { label: areaLabel });
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<FrameState>(() => {
    const module = contributions.loadedModule(contribution, { firstView });
    if (module) return { status: 'ready', module };
    if (isHeldPrerendered(contribution)) {
      return { status: 'held', ...heldCode(contribution, contributions, locale) };
    }
    return { status: 'waiting' };
  });
  const frame = useRef<HTMLDivElement>(null);
  // Its record (failures against its budget) re-renders the frame when a failure is counted.
  const record = useSyncExternalStore(
    contributions.subscribe,
    () => contributions.record(contribution),
    () => undefined,
  );
  const canRetry = (record?.failures ?? 0) < FAILURE_BUDGET;

  useEffect(() => {
    releaseHeld(contribution);
    contributions.placed(contribution);
  }, [contributions, contribution]);

  // Waiting (or held as the HTML has it): at once in view; below the fold, once what is in view has
  // loaded, when it nears the viewport or the browser is idle.
  useWhenNearOrIdle(
    frame,
    state.status === 'waiting' || state.status === 'held',
    () => (state.status === 'held' ? state.start() : setState({ status: 'loading' })),
    contributions.settled,
  );
  // A held one whose code fails is said as any failure (its HTML gives way to the notice).
  useEffect(() => {
    if (state.status !== 'held') return;
    let active = true;
    void state.failed.then(() => active && setState({ status: 'failed' }));
    return () => {
      active = false;
    };
  }, [state]);

  useRemoteLoad(
    state.status === 'loading'
      ? () => loadWithTexts(contribution, contributions, (remote, messages) => locale.prepareArea(remote, messages))
      : undefined,
    (module) => setState({ status: 'ready', module }),
    () => setState({ status: 'failed' }),
    [state.status, contributions, contribution, locale, attempt],
  );
  useRemoteStyles(styles, contribution.remote, state.status === 'ready' || state.status === 'held');

  // Held as prerendered: nothing may reach its boundary before it has hydrated (its code is in), or React
  // would give up the HTML and render it afresh, empty until the code arrives. The person's session
  // becoming known changes the remote's context (useRemoteContext), so until then the boundary keeps
  // the context and element it was first rendered with (what the HTML was rendered with).
  const context = useRemoteContext(entry, NO_TITLE, slots);
  const [hydrated, setHydrated] = useState(state.status !== 'held');

  // Retry keeps focus on the part (not on a button about to vanish); a failure and, after Retry, the
  // part's return are announced.
  const [announcement, setAnnouncement] = useState('');
  const retried = useRef(false);
  const retry = () => {
    retried.current = true;
    frame.current?.focus();
    setAnnouncement('');
    setAttempt((n) => n + 1);
    setState({ status: 'loading' });
  };
  const failureText = intl.formatMessage(
    canRetry ? shellMessages.contributionFailed : shellMessages.contributionGaveUp,
    { label },
  );
  // Every failure, of its load or of a render, is counted in its record.
  const failures = record?.failures ?? 0;
  const saidFailures = useRef(failures);
  useEffect(() => {
    if (failures > saidFailures.current) setAnnouncement(failureText);
    saidFailures.current = failures;
  }, [failures, failureText]);
  const shownAgain = useRef('');
  shownAgain.current = intl.formatMessage(shellMessages.contributionShownAgain, { label });
  const onShown = useCallback(() => {
    setHydrated(true);
    if (!retried.current) return;
    retried.current = false;
    setAnnouncement(shownAgain.current);
  }, []);

  const failure = (
    <FailureNotice
      label={label}
      text={failureText}
      canRetry={canRetry}
      onRetry={retry}
      compact={presentation.compact ?? false}
    />
  );
  const loadingText = intl.formatMessage(shellMessages.contributionLoading, { label });
  const source = state.status === 'ready' ? state.module : state.status === 'held' ? state.code : undefined;
  const made = useMemo(
    () =>
      source ? (
        <RemoteErrorBoundary
          key={attempt}
          remoteName={contribution.remote}
          describe={() => loader.describe(contribution.remote)}
          onCaught={(error) => contributions.failed(contribution, 'REMOTE_RENDER_FAILED', error.message)}
          onRecovered={() => contributions.shown(contribution)}
          fallback={() => failure}
        >
          <HostProvider value={context}>
            {/* Should React ever render it afresh before its code is in, it says so rather than stay empty. */}
            <Suspense
              fallback={
                <p className="slot-loading" aria-busy="true">
                  {loadingText}
                </p>
              }
            >
              <ContributionContent source={source} params={params} onShown={onShown} />
            </Suspense>
          </HostProvider>
        </RemoteErrorBoundary>
      ) : null,
    // `failure` is new on each render; what it says changes with these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [source, attempt, contribution, loader, contributions, context, params, label, canRetry, presentation.compact],
  );
  // The same element until it has hydrated (above); then whatever changed since reaches it.
  const firstHeld = useRef<ReactNode>(undefined);
  // Marked on the element itself: an attribute the HTML has not would not be written while hydrating.
  const holding = state.status === 'held' && !hydrated;
  useLayoutEffect(() => {
    frame.current?.toggleAttribute('data-held', holding);
  }, [holding]);
  if (!hydrated && state.status === 'held' && firstHeld.current === undefined) firstHeld.current = made;
  const content = hydrated || state.status !== 'held' ? made : firstHeld.current;
  const Region = contribution.label ? 'section' : 'div';
  return (
    <Region
      ref={frame}
      tabIndex={-1}
      className="slot-contribution"
      aria-label={contribution.label ? label : undefined}
      aria-busy={state.status === 'loading' || undefined}
      data-contribution={contributionKey(contribution)}
      data-remote={contribution.remote}
      // A held one shows what the HTML rendered ready (`data-held` until its code has taken it over).
      data-state={state.status === 'held' ? 'ready' : state.status}
    >
      {/* Always in the page, so that what it says is announced by every screen reader (a live region
          inserted already filled is not, by some). */}
      <span role="status" className="visually-hidden" data-testid="contribution-announcement">
        {announcement}
      </span>
      {state.status === 'loading' ? <p className="slot-loading">{loadingText}</p> : null}
      {state.status === 'failed' ? failure : null}
      {content}
    </Region>
  );
}

/**
 * The contribution's component, once its code is here: a held one suspends until then, which
 * during hydration keeps its HTML as it is (React hydrates that boundary when the code arrives).
 */
function ContributionContent({
  source,
  params,
  onShown,
}: {
  readonly source: ContributionModule | Promise<ContributionModule>;
  readonly params: unknown;
  /** Once it has rendered (hydrated, for a held one). */
  readonly onShown: () => void;
}) {
  const module = source instanceof Promise ? use(source) : source;
  useLayoutEffect(() => onShown(), [onShown]);
  return <module.Component params={params as never} />;
}
