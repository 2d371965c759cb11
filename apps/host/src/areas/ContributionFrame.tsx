import { Suspense, use, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { HostProvider, type ContributionModule, type SlotHost } from '@mfe/context';
import { contributionLabelIn } from '@mfe/manifest';
import { useHostServices } from '../host-services/hooks';
import { useAreaLabel } from '../host-services/use-area-labels';
import { useShellIntl } from '../host-services/use-shell-intl';
import { shellMessages } from '../i18n/shell-messages';
import { contributionKey, FAILURE_BUDGET, type PlacedContribution } from '../remotes/contribution-loader';
import { heldCode, isHeldFromHtml, loadWithTexts, releaseHeld, type HeldCode } from './held-contributions';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { useRemoteContext } from './use-remote-context';
import { useWhenNearOrIdle } from './when-near';

// The page belongs to the slot's owner: a contribution does not title it.
const NO_TITLE = () => undefined;

type FrameState =
  | { readonly status: 'waiting' }
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly module: ContributionModule }
  /** Its HTML is on the page (a page from HTML) and its code on its way: hydrated once it is in. */
  | ({ readonly status: 'held' } & HeldCode)
  | { readonly status: 'failed' };

/**
 * One contribution in its slot, isolated from the page and from the other contributions: it loads
 * when it nears the viewport (at once when it is in the first view) or when the browser is idle;
 * it renders under its own remote's context (telemetry, events, texts and styles are its remote's),
 * inside its own error boundary; a failure is said in place as a status (announced, never taking
 * focus), with Retry until its failure budget is spent.
 */
export function ContributionFrame({
  contribution,
  params,
  slots,
  firstView = true,
}: {
  readonly contribution: PlacedContribution;
  readonly params: unknown;
  /** What the contribution's own `<Slot>`s render with. */
  readonly slots: SlotHost;
  /** Whether its slot's owner expects it in the page's first view (a page from HTML hints its script). */
  readonly firstView?: boolean;
}) {
  const services = useHostServices();
  const { contributions, loader, locale, styles } = services;
  const intl = useShellIntl();
  const entry = [...services.manifest.remotes, ...services.manifest.contributors].find(
    (remote) => remote.name === contribution.remote,
  )!;
  // A remote that only contributes has no area label: its name stands in.
  const areaLabel = useAreaLabel({ ...entry, label: entry.label ?? entry.name });
  const label =
    contributionLabelIn(contribution, intl.locale) ??
    intl.formatMessage(shellMessages.contributionFrom, { label: areaLabel });
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<FrameState>(() => {
    const module = contributions.loadedModule(contribution, { firstView });
    if (module) return { status: 'ready', module };
    if (isHeldFromHtml(contribution)) {
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

  useEffect(() => {
    if (state.status !== 'loading') return;
    let active = true;
    loadWithTexts(contribution, contributions, (remote, messages) => locale.prepareArea(remote, messages)).then(
      (module) => active && setState({ status: 'ready', module }),
      () => active && setState({ status: 'failed' }),
    );
    return () => {
      active = false;
    };
  }, [state.status, contributions, contribution, locale, attempt]);

  // Its remote's stylesheets apply while it is on screen.
  const shown = state.status === 'ready' || state.status === 'held';
  useLayoutEffect(() => (shown ? styles.show(contribution.remote) : undefined), [shown, styles, contribution.remote]);

  const context = useRemoteContext(entry, NO_TITLE, slots);

  const retry = () => {
    setAttempt((n) => n + 1);
    setState({ status: 'loading' });
  };
  const failure = <FailureNotice label={label} canRetry={canRetry} onRetry={retry} />;
  const source = state.status === 'ready' ? state.module : state.status === 'held' ? state.code : undefined;
  // The same element until what it shows changes: a re-render of the frame (its record, the page's
  // session becoming known) must not reach a held contribution's boundary before it has hydrated,
  // or React would give up its HTML and render it afresh.
  const content = useMemo(
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
            <Suspense fallback={null}>
              <ContributionContent source={source} params={params} />
            </Suspense>
          </HostProvider>
        </RemoteErrorBoundary>
      ) : null,
    // `failure` is new on each render; what it says changes with these two.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [source, attempt, contribution, loader, contributions, context, params, label, canRetry],
  );
  const Region = contribution.label ? 'section' : 'div';
  return (
    <Region
      ref={frame}
      className="slot-contribution"
      aria-label={contribution.label ? label : undefined}
      aria-busy={state.status === 'loading' || undefined}
      data-contribution={contributionKey(contribution)}
      data-remote={contribution.remote}
      // A held one shows what the HTML rendered ready.
      data-state={state.status === 'held' ? 'ready' : state.status}
    >
      {state.status === 'loading' ? (
        <p className="slot-loading">{intl.formatMessage(shellMessages.contributionLoading, { label })}</p>
      ) : null}
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
}: {
  readonly source: ContributionModule | Promise<ContributionModule>;
  readonly params: unknown;
}) {
  const module = source instanceof Promise ? use(source) : source;
  return <module.Component params={params as never} />;
}

function FailureNotice({
  label,
  canRetry,
  onRetry,
}: {
  readonly label: string;
  readonly canRetry: boolean;
  readonly onRetry: () => void;
}) {
  const intl = useShellIntl();
  return (
    <div role="status" className="slot-failed" data-testid="contribution-failed">
      <p>
        {intl.formatMessage(canRetry ? shellMessages.contributionFailed : shellMessages.contributionGaveUp, { label })}
      </p>
      {canRetry ? (
        <button type="button" onClick={onRetry}>
          {intl.formatMessage(shellMessages.retry)}
        </button>
      ) : null}
    </div>
  );
}
