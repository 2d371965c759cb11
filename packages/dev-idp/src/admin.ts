import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';

/**
 * DEVELOPMENT ONLY. A small control API for tests under `/__dev/`: count
 * token requests, revoke a user's grants, take the provider down and up.
 * Enabled only when the provider is started with `adminApi: true`.
 */
export type Availability = 'up' | 'down' | 'unreachable';

export interface AdminState {
  availability: Availability;
  readonly tokenRequests: Record<string, number>;
  readonly tokenErrors: Record<string, number>;
  /** grantIds issued per account, so a test can revoke them. */
  readonly grantsByAccount: Map<string, Set<string>>;
}

export function createAdminState(provider: Provider): AdminState {
  const state: AdminState = { availability: 'up', tokenRequests: {}, tokenErrors: {}, grantsByAccount: new Map() };
  const count = (bucket: Record<string, number>, key: string) => (bucket[key] = (bucket[key] ?? 0) + 1);
  provider.on('grant.success', (ctx) => count(state.tokenRequests, String(ctx.oidc.params?.grant_type)));
  provider.on('grant.error', (ctx, error) =>
    count(
      state.tokenErrors,
      `${String(ctx.oidc.params?.grant_type)}:${(error as { error?: string }).error ?? 'error'}`,
    ),
  );
  const remember = (token: { accountId?: string; grantId?: string }) => {
    if (!token.accountId || !token.grantId) return;
    const grants = state.grantsByAccount.get(token.accountId) ?? new Set<string>();
    grants.add(token.grantId);
    state.grantsByAccount.set(token.accountId, grants);
  };
  provider.on('access_token.saved', remember);
  provider.on('refresh_token.saved', remember);
  return state;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

export async function handleAdmin(
  provider: Provider,
  state: AdminState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const action = url.pathname.slice('/__dev/'.length);
  if (req.method === 'GET' && action === 'stats') {
    return json(res, 200, {
      availability: state.availability,
      tokenRequests: state.tokenRequests,
      tokenErrors: state.tokenErrors,
    });
  }
  if (req.method !== 'POST') return json(res, 405, { error: 'use POST' });
  switch (action) {
    case 'reset':
      state.availability = 'up';
      for (const bucket of [state.tokenRequests, state.tokenErrors])
        for (const key of Object.keys(bucket)) delete bucket[key];
      return json(res, 200, { ok: true });
    case 'up':
    case 'down':
    case 'unreachable':
      state.availability = action;
      return json(res, 200, { availability: action });
    case 'revoke': {
      // Destroying the grant invalidates its refresh tokens: the next renewal fails with invalid_grant.
      const accountId = url.searchParams.get('account') ?? '';
      const grants = [...(state.grantsByAccount.get(accountId) ?? [])];
      for (const grantId of grants) await (await provider.Grant.find(grantId))?.destroy();
      state.grantsByAccount.delete(accountId);
      return json(res, 200, { revoked: grants.length });
    }
    default:
      return json(res, 404, { error: `unknown action ${action}` });
  }
}
