import { Suspense, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { HostProvider, type ContributionModule, type SlotHost } from '@mfe/context';
import { contributionLabelIn } from '@mfe/manifest';
import { useHostServices } from '../host-services/hooks';
import { useAreaLabel } from '../host-services/use-area-labels';
import { useShellIntl } from '../host-services/use-shell-intl';
import { shellMessages } from '../i18n/shell-messages';
import { contributionKey, FAILURE_BUDGET, type PlacedContribution } from '../remotes/contribution-loader';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { useRemoteContext } from './use-remote-context';
import { useWhenNearOrIdle } from './when-near';

// The page belongs to the slot's owner: a contribution does not title it.
const NO_TITLE = () => undefined;

type FrameState =
  | { readonly status: 'waiting' }
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly module: ContributionModule }
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
}: {
  readonly contribution: PlacedContribution;
  readonly params: unknown;
  /** What the contribution's own `<Slot>`s render with. */
  readonly slots: SlotHost;
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
    const module = contributions.loadedModule(contribution);
    return module ? { status: 'ready', module } : { status: 'waiting' };
  });
  const frame = useRef<HTMLDivElement>(null);
  // Its record (failures against its budget) re-renders the frame when a failure is counted.
  const record = useSyncExternalStore(
    contributions.subscribe,
    () => contributions.record(contribution),
    () => undefined,
  );
  const canRetry = (record?.failures ?? 0) < FAILURE_BUDGET;

  useEffect(() => contributions.placed(contribution), [contributions, contribution]);

  // Waiting: until it nears the viewport, or the browser is idle.
  useWhenNearOrIdle(frame, state.status === 'waiting', () => setState({ status: 'loading' }));

  useEffect(() => {
    if (state.status !== 'loading') return;
    let active = true;
    contributions
      .load(contribution)
      .then((module) => locale.prepareArea(contribution.remote, module.messages).then(() => module))
      .then(
        (module) => active && setState({ status: 'ready', module }),
        () => active && setState({ status: 'failed' }),
      );
    return () => {
      active = false;
    };
  }, [state.status, contributions, contribution, locale, attempt]);

  // Its remote's stylesheets apply while it is on screen.
  const shown = state.status === 'ready';
  useLayoutEffect(() => (shown ? styles.show(contribution.remote) : undefined), [shown, styles, contribution.remote]);

  const context = useRemoteContext(entry, NO_TITLE, slots);

  const retry = () => {
    setAttempt((n) => n + 1);
    setState({ status: 'loading' });
  };
  const failure = <FailureNotice label={label} canRetry={canRetry} onRetry={retry} />;
  const Region = contribution.label ? 'section' : 'div';
  return (
    <Region
      ref={frame}
      className="slot-contribution"
      aria-label={contribution.label ? label : undefined}
      aria-busy={state.status === 'loading' || undefined}
      data-contribution={contributionKey(contribution)}
      data-remote={contribution.remote}
      data-state={state.status}
    >
      {state.status === 'loading' ? (
        <p className="slot-loading">{intl.formatMessage(shellMessages.contributionLoading, { label })}</p>
      ) : null}
      {state.status === 'failed' ? failure : null}
      {state.status === 'ready' ? (
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
              <state.module.Component params={params as never} />
            </Suspense>
          </HostProvider>
        </RemoteErrorBoundary>
      ) : null}
    </Region>
  );
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
