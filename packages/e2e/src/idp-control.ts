/** Drives the dev provider's test control API (`/__dev/`, development only). */
export interface IdpStats {
  readonly availability: 'up' | 'down' | 'unreachable';
  readonly tokenRequests: Readonly<Record<string, number>>;
  readonly tokenErrors: Readonly<Record<string, number>>;
}

export function idpControl(idpUrl: string) {
  const call = async (method: 'GET' | 'POST', action: string): Promise<unknown> => {
    const response = await fetch(`${idpUrl.replace('localhost', '127.0.0.1')}/__dev/${action}`, { method });
    if (!response.ok) throw new Error(`dev provider control ${action} answered ${response.status}`);
    return response.json();
  };
  return {
    stats: () => call('GET', 'stats') as Promise<IdpStats>,
    reset: () => call('POST', 'reset'),
    revoke: (accountId: string) =>
      call('POST', `revoke?account=${encodeURIComponent(accountId)}`) as Promise<{ revoked: number }>,
    setAvailability: (mode: IdpStats['availability']) => call('POST', mode),
  };
}
