import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useHost, type AreaServices, type MountedAreaHandle, type MountedAreaModule } from '@mfe/context';

/**
 * An area mounted through the neutral contract (`defineMountedArea`): it gets an element of its own
 * and the services of the React contract around it (`useHost()`, the area's context, so its events,
 * telemetry and texts are its own) as plain values, and renders into the element with whatever it is
 * built on. A throw from `mount` or `update`, or a failure the area says with `fail`, is thrown here,
 * so the area's error boundary reports it and shows it in place with Retry, as for any area.
 */
export function MountedArea({ module }: { readonly module: MountedAreaModule }) {
  const host = useHost();
  const { pathname, search, hash } = useLocation();
  const [failure, setFailure] = useState<{ readonly error: unknown } | null>(null);
  if (failure) throw failure.error instanceof Error ? failure.error : new Error(String(failure.error));
  const services = useMemo<AreaServices>(() => {
    const { slots: _slots, ...contract } = host;
    return {
      ...contract,
      location: { pathname, search, hash },
      fail: (error: unknown) => setFailure({ error }),
    };
  }, [host, pathname, search, hash]);

  const element = useRef<HTMLDivElement>(null);
  const handle = useRef<MountedAreaHandle | null>(null);
  const latest = useRef(services);
  latest.current = services;
  // Mounted once per module, before the browser paints the empty element; unmounted with it. The
  // element is the area's: React renders nothing into it, and empties it afterwards in case the area left something.
  useLayoutEffect(() => {
    const root = element.current!;
    try {
      handle.current = module.mount(root, latest.current);
    } catch (error) {
      setFailure({ error });
    }
    return () => {
      const mounted = handle.current;
      handle.current = null;
      try {
        mounted?.unmount();
      } finally {
        root.replaceChildren();
      }
    };
  }, [module]);
  // Every later change of a service or the location.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    try {
      handle.current?.update(services);
    } catch (error) {
      setFailure({ error });
    }
  }, [services]);
  return <div ref={element} className="mounted-area" data-mounted-area="" />;
}
