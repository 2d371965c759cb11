import { useEffect, useLayoutEffect, useMemo, useRef, useState, type HTMLAttributes, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PlatformError, type HostContext } from '@mfe/context';
import type { IslandLocation, OpeningIsland } from '../host-services/types';

/** The area's element keeps what the island rendered into it: the shell's React renders nothing there. */
const KEEP_ISLAND = Object.freeze({ __html: '' });

/**
 * The opening area, hydrated (or rendered) by the first script in a root of its own
 * (opening-island.tsx), taken over as the shell hydrates (or renders) around it: the same element, given the route's contract and location
 * from now on, ended when the route leaves. A throw of the area's is thrown here, so the area's error
 * boundary reports and shows it, as for any area; if the island is gone (the shell's HTML was
 * rendered afresh, or the island failed before), `onLost` has the route render the area itself.
 */
export function AdoptedIsland({
  island,
  context,
  element,
  areaRef,
  onLost,
}: {
  readonly island: OpeningIsland;
  readonly context: HostContext;
  /** The area element's attributes, as the route renders them for any area. */
  readonly element: HTMLAttributes<HTMLDivElement>;
  readonly areaRef: RefObject<HTMLDivElement | null>;
  readonly onLost: () => void;
}) {
  const { pathname, search, hash } = useLocation();
  const location = useMemo(() => ({ pathname, search, hash }), [pathname, search, hash]);
  const navigate = useNavigate();
  const movedTo = useRef<IslandLocation | null>(null);
  const [failure, setFailure] = useState<{ readonly error: unknown } | null>(null);
  if (failure)
    throw failure.error instanceof Error
      ? failure.error
      : new PlatformError('REMOTE_RENDER_FAILED', String(failure.error));
  useLayoutEffect(() => {
    // An island rendered in the browser is taken into the area's element (the shell's first render
    // emptied the placeholder it was in); a hydrated one is that element.
    if (!island.hydrated && island.adoptable) areaRef.current?.append(island.element);
    const inPlace = island.hydrated
      ? areaRef.current === island.element
      : island.element.parentElement === areaRef.current;
    if (!inPlace || !island.adoptable) {
      island.end();
      onLost();
      return undefined;
    }
    movedTo.current = island.adopt(context, location, (error) => setFailure({ error }));
    return () => island.end();
    // Adopted once; later contexts and locations go through `update` below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [island]);
  useEffect(() => {
    const to = movedTo.current;
    movedTo.current = null;
    // Not from the layout effect: the router listens for its history only from its own, which runs after.
    if (to) navigate(to, { replace: true });
    else island.update(context, location);
  }, [island, context, location, navigate]);
  return <div {...element} ref={areaRef} dangerouslySetInnerHTML={KEEP_ISLAND} suppressHydrationWarning />;
}
