import { useEffect, useState } from 'react';
import { useApi, usePageTitle, useRuntimeConfig, useTelemetry } from '@mfe/context';
import { fetchUserInfo, type UserInfo } from './userinfo';

type State = { status: 'loading' } | { status: 'done'; info: UserInfo } | { status: 'failed'; message: string };

export function UserInfoPage() {
  const api = useApi();
  const config = useRuntimeConfig();
  const telemetry = useTelemetry();
  usePageTitle('Provider profile');
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    (async () => {
      try {
        const info = await fetchUserInfo(config.auth.authority, api);
        if (active) setState({ status: 'done', info });
      } catch (error) {
        telemetry.captureError(error, { remote: 'account', action: 'userinfo' });
        if (active) setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
    })();
    return () => {
      active = false;
    };
  }, [api, config.auth.authority, telemetry]);

  if (state.status === 'loading') return <p aria-busy="true">Asking the provider for your profile…</p>;
  if (state.status === 'failed') return <p role="alert">Could not load your provider profile: {state.message}</p>;
  return (
    <div data-testid="userinfo">
      <h2>Provider profile</h2>
      <p>
        The provider confirmed you as <strong data-testid="userinfo-name">{String(state.info.name ?? state.info.sub)}</strong>
        {typeof state.info.email === 'string' ? ` (${state.info.email})` : null}.
      </p>
    </div>
  );
}
