import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import {
  PlatformError,
  useHost,
  type AreaServices,
  type MountedAreaHandle,
  type MountedAreaModule,
} from '@mfe/context';

/** A mounted area's lifecycle: not mounted (before, between StrictMode's mounts, after), mounted with the services it last saw, or failed to mount. */
type Lifecycle =
  | { readonly status: 'unmounted' }
  | { readonly status: 'mounted'; readonly handle: MountedAreaHandle; readonly saw: AreaServices }
  | { readonly status: 'failed' };

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
  if (failure)
    throw failure.error instanceof Error
      ? failure.error
      : new PlatformError('REMOTE_RENDER_FAILED', String(failure.error));
  const services = useMemo<AreaServices>(() => {
    const { slots: _slots, ...contract } = host;
    return {
      ...contract,
      location: { pathname, search, hash },
      fail: (error: unknown) => setFailure({ error }),
    };
  }, [host, pathname, search, hash]);

  const element = useRef<HTMLDivElement>(null);
  // Where the area is in its lifecycle, and the services it last saw: one value instead of flags.
  const lifecycle = useRef<Lifecycle>({ status: 'unmounted' });
  const latest = useRef(services);
  latest.current = services;
  // Mounted once per module, before the browser paints the empty element; unmounted with it. The
  // element is the area's: React renders nothing into it, and empties it afterwards in case the area left something.
  useLayoutEffect(() => {
    const root = element.current!;
    try {
      lifecycle.current = { status: 'mounted', handle: module.mount(root, latest.current), saw: latest.current };
    } catch (error) {
      lifecycle.current = { status: 'failed' };
      setFailure({ error });
    }
    return () => {
      const was = lifecycle.current;
      lifecycle.current = { status: 'unmounted' };
      try {
        if (was.status === 'mounted') was.handle.unmount();
      } finally {
        root.replaceChildren();
      }
    };
  }, [module]);
  // A change of a service or the location, sent once to a mounted area (never what it was mounted
  // with: StrictMode's second mount is not a change).
  useEffect(() => {
    const now = lifecycle.current;
    if (now.status !== 'mounted' || now.saw === services) return;
    try {
      now.handle.update(services);
      lifecycle.current = { ...now, saw: services };
    } catch (error) {
      setFailure({ error });
    }
  }, [services]);
  return <div ref={element} className="mounted-area" data-mounted-area="" />;
}
