import { useEffect, useState } from 'react';
import { Slot, useApi, useIntl, usePageTitle, useRuntimeConfig, useTelemetry, useUser } from '@mfe/context';
import { messages } from './messages';
import { fetchProfile, serviceUrlOf, type Profile } from './profile';

type State = { status: 'loading' } | { status: 'done'; profile: Profile } | { status: 'failed'; message: string };

/** The account service's view of the signed-in person: a real call that a resource server verifies. */
export function ProfilePage() {
  const api = useApi();
  const config = useRuntimeConfig();
  const telemetry = useTelemetry();
  const intl = useIntl();
  const user = useUser();
  usePageTitle(intl.formatMessage(messages.profile));
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

  if (state.status === 'loading') return <p aria-busy="true">{intl.formatMessage(messages.profileLoading)}</p>;
  if (state.status === 'failed')
    return <p role="alert">{intl.formatMessage(messages.profileFailed, { reason: state.message })}</p>;
  const { profile } = state;
  return (
    <div data-testid="profile">
      <h2>{intl.formatMessage(messages.profile)}</h2>
      <p>
        {intl.formatMessage(messages.confirmedAs)} <strong data-testid="profile-name">{profile.name}</strong>
        {profile.email ? ` (${profile.email})` : null}
      </p>
      <p data-testid="profile-binding">
        {intl.formatMessage(profile.boundToKey ? messages.boundToKey : messages.bearer)}
      </p>
      {/* Other teams' parts beside the profile, as the manifest composes them. */}
      <Slot name="account.profile.aside" params={{ userId: user?.sub ?? profile.subject }} />
    </div>
  );
}
