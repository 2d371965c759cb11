import type { ApiClient } from '@mfe/context';

/** Claims the provider returns from its userinfo endpoint. */
export type UserInfo = Readonly<Record<string, unknown>> & { readonly sub: string };

/**
 * Calls the provider's userinfo endpoint through the host's `api` client
 * (which attaches the access token, renews it on 401): a real authenticated
 * API call. The provider's origin must be in the host's `apiOrigins`.
 */
export async function fetchUserInfo(authority: string, api: Pick<ApiClient, 'json'>): Promise<UserInfo> {
  const discoveryUrl = `${authority.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const { userinfo_endpoint: endpoint } = await api.json<{ userinfo_endpoint?: unknown }>(discoveryUrl);
  if (typeof endpoint !== 'string') throw new Error('The provider does not publish a userinfo endpoint.');
  const body = await api.json<Partial<UserInfo>>(endpoint);
  if (typeof body.sub !== 'string') throw new Error('The userinfo answer has no "sub" claim.');
  return body as UserInfo;
}
