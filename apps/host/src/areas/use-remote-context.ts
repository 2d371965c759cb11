import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { HostContext, SlotHost } from '@mfe/context';
import { useHostServices, useSessionUser } from '../host-services/hooks';
import type { ManifestEntry } from '../manifest';
import { createRemoteContext } from '../remotes/remote-context';

/**
 * What one mounted part of a remote (its area's route, or a contribution in a slot) gets through
 * `useHost()`: its remote's telemetry, events, texts and paths, with the person's session. The same
 * object while none of those changes: navigating does not make a new one (react-router hands out a
 * new `navigate` on every location change, and a new context would re-run the remote's effects:
 * its subscriptions would start again and an event asked for with `replayLast` arrive twice).
 * Every subscription the remote made ends when the part unmounts.
 */
export function useRemoteContext(
  remote: ManifestEntry,
  setTitle: (title: string | null) => void,
  slots: SlotHost,
): HostContext {
  const { session, config, api, events, consent, locale } = useHostServices();
  const user = useSessionUser();
  const navigate = useNavigate();
  const latestNavigate = useRef(navigate);
  useLayoutEffect(() => {
    latestNavigate.current = navigate;
  });
  const scope = useMemo(() => events.scope(remote.name), [events, remote.name]);
  useEffect(() => () => scope.dispose(), [scope]);
  return useMemo(
    () =>
      createRemoteContext({
        remote,
        user,
        auth: session.api,
        api,
        config,
        navigate: (to, options) => void latestNavigate.current(to, options),
        events: scope,
        consent,
        intl: locale.area(remote.name),
        setTitle,
        slots,
      }),
    [remote, user, session, api, config, scope, consent, locale, setTitle, slots],
  );
}
