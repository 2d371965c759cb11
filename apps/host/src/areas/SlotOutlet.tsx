import { lazy, Suspense, useMemo, useState } from 'react';
import type { SlotHost, SlotOutletProps } from '@mfe/context';
import { canSee } from '../access';
import { useHostServices, useViewer } from '../host-services/hooks';
import { contributionKey, contributionsTo } from '../remotes/contribution-loader';

// A chunk of its own: a page whose slots nobody fills (most first views) never downloads it. A page
// from HTML holding contributions loads it before hydrating (held-contributions.ts); the frame is
// then rendered as it is, not through lazy(), which would suspend once even for code already here
// and leave the slot's HTML to be replaced if the page updates before that boundary has hydrated.
let frameCode: Promise<typeof import('./ContributionFrame')> | undefined;
let LoadedFrame: typeof import('./ContributionFrame').ContributionFrame | undefined;
export const loadContributionFrame = () =>
  (frameCode ??= import('./ContributionFrame').then((module) => {
    LoadedFrame = module.ContributionFrame;
    return module;
  }));
const LazyFrame = lazy(() => loadContributionFrame().then((module) => ({ default: module.ContributionFrame })));

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
}: SlotOutletProps & {
  /**
   * How many of its contributions the slot's owner expects in the page's first view, at any width
   * (a slot at the top: all of them). A page from HTML hints only their scripts.
   */
  readonly firstView?: number;
}) {
  const { manifest } = useHostServices();
  const viewer = useViewer();
  // The same objects from render to render (the frames' effects depend on them); filtered on each
  // render, as the viewer is one object whose answers change with the session (useViewer re-renders).
  const listed = useMemo(
    () => contributionsTo([...manifest.remotes, ...manifest.contributors], name),
    [manifest.remotes, manifest.contributors, name],
  );
  const placed = listed.filter((contribution) => canSee(contribution, viewer));
  // Chosen once per slot: switching from the lazy one later would remount every contribution.
  const [ContributionFrame] = useState(() => LoadedFrame ?? LazyFrame);
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
          />
        ))}
      </Suspense>
    </div>
  );
}

/** What the host gives remotes as `HostContext.slots`. */
export const SLOT_HOST: SlotHost = Object.freeze({ Outlet: SlotOutlet });
