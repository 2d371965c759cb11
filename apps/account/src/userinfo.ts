/** Claims the provider returns from its userinfo endpoint. */
export type UserInfo = Readonly<Record<string, unknown>> & { readonly sub: string };

/**
 * Calls the provider's userinfo endpoint with a bearer token: a real
 * authenticated API call that proves the host's access token works.
 */
export async function fetchUserInfo(authority: string, accessToken: string, fetchImpl: typeof fetch = fetch): Promise<UserInfo> {
  const discoveryUrl = `${authority.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const discovery = await fetchImpl(discoveryUrl);
  if (!discovery.ok) throw new Error(`The provider's discovery document answered ${discovery.status}.`);
  const { userinfo_endpoint: endpoint } = (await discovery.json()) as { userinfo_endpoint?: unknown };
  if (typeof endpoint !== 'string') throw new Error('The provider does not publish a userinfo endpoint.');
  const response = await fetchImpl(endpoint, { headers: { Authorization: `Bearer ${accessToken}` } });
  if (!response.ok) throw new Error(`The userinfo endpoint answered ${response.status}.`);
  const body = (await response.json()) as Partial<UserInfo>;
  if (typeof body.sub !== 'string') throw new Error('The userinfo answer has no "sub" claim.');
  return body as UserInfo;
}
