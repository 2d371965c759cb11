import { Suspense, useMemo } from 'react';
import type { SlotHost, SlotOutletProps } from '@mfe/context';
import { canSee } from '../access';
import { entriesOf } from '../manifest';
import { useHostServices, useViewer } from '../host-services/hooks';
import { contributionKey, contributionsTo } from '../remotes/contribution-loader';
import { ContributionFrame, type FailurePresentation } from './ContributionFrame';

// The frame is part of the host's first script (about 1.7 KiB gzip), not a chunk of its own: a page
// holding contributions in its HTML (the home page) or in the shell (the header, on every signed-in
// page) would otherwise wait one more round trip before hydrating. Nor is it rendered through
// lazy(), which suspends once even for code already here and would leave a slot's HTML to be
// replaced if the page updated before that boundary had hydrated.
/**
 * Renders a slot's contributions: those the manifest places in it that this person may see (nothing
 * of the others is downloaded), in the manifest's order, each in a frame of its own
 * (ContributionFrame). With none, the slot's fallback. The shell renders it directly; remotes reach
 * it through `<Slot>` (`HostContext.slots`).
 */
export function SlotOutlet({
  name,
  params,
  fallback = null,
  firstView = Number.POSITIVE_INFINITY,
  presentation,
}: SlotOutletProps & {
  /** How a failed contribution shows in the slot's space, as its owner decides (the shell's slots). */
  readonly presentation?: FailurePresentation;
  /**
   * How many of its contributions the slot's owner expects in the page's first view, at any width
   * (a slot at the top: all of them). A prerendered page hints only their scripts.
   */
  readonly firstView?: number;
}) {
  const { manifest } = useHostServices();
  const viewer = useViewer();
  // The same objects from render to render (the frames' effects depend on them); filtered on each
  // render, as the viewer is one object whose answers change with the session (useViewer re-renders).
  const listed = useMemo(() => contributionsTo(entriesOf(manifest), name), [manifest, name]);
  const placed = listed.filter((contribution) => canSee(contribution, viewer));
  if (placed.length === 0) return <>{fallback}</>;
  return (
    <div className="slot" data-slot={name}>
      <Suspense fallback={null}>
        {placed.map((contribution, index) => (
          <ContributionFrame
            key={contributionKey(contribution)}
            contribution={contribution}
            params={params}
            slots={SLOT_HOST}
            firstView={index < firstView}
            {...(presentation ? { presentation } : {})}
          />
        ))}
      </Suspense>
    </div>
  );
}

/** What the host gives remotes as `HostContext.slots`. */
export const SLOT_HOST: SlotHost = Object.freeze({ Outlet: SlotOutlet });
