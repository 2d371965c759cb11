import { useEffect, useState } from 'react';
import { useApi, usePageTitle, useRuntimeConfig, useTelemetry } from '@mfe/context';
import { fetchProfile, serviceUrlOf, type Profile } from './profile';

type State = { status: 'loading' } | { status: 'done'; profile: Profile } | { status: 'failed'; message: string };

/** The account service's view of the signed-in person: a real call that a resource server verifies. */
export function ProfilePage() {
  const api = useApi();
  const config = useRuntimeConfig();
  const telemetry = useTelemetry();
  usePageTitle('Profile');
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    (async () => {
      try {
        const profile = await fetchProfile(serviceUrlOf(config), api);
        if (active) setState({ status: 'done', profile });
      } catch (error) {
        telemetry.captureError(error, { remote: 'account', action: 'profile' });
        if (active) setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
    })();
    return () => {
      active = false;
    };
  }, [api, config, telemetry]);

  if (state.status === 'loading') return <p aria-busy="true">Asking the account service for your profile…</p>;
  if (state.status === 'failed') return <p role="alert">Could not load your profile: {state.message}</p>;
  const { profile } = state;
  return (
    <div data-testid="profile">
      <h2>Profile</h2>
      <p>
        The account service confirmed you as <strong data-testid="profile-name">{profile.name}</strong>
        {profile.email ? ` (${profile.email})` : null}.
      </p>
      <p data-testid="profile-binding">
        {profile.boundToKey ? 'Your access is bound to a key only this browser holds: a copy of it is useless elsewhere.' : 'Your access is a bearer token.'}
      </p>
    </div>
  );
}
