import type { ApiClient, RuntimeConfig } from '@mfe/context';

/** What the account service answers about the signed-in person and the call it verified. */
export interface Profile {
  readonly subject: string;
  readonly name: string;
  readonly email?: string;
  readonly scopes: readonly string[];
  /** The token was bound to this browser's key (DPoP), so a copy of it is useless elsewhere. */
  readonly boundToKey: boolean;
}

/**
 * Where the account service is: `features.account.serviceUrl` in the runtime config (each
 * deployment names its own; the development stack points it at its resource server). Its origin
 * must be in `apiOrigins`, or the host's api client sends it no token.
 */
export function serviceUrlOf(config: Pick<RuntimeConfig, 'features'>): string {
  const url = config.features.account?.serviceUrl;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
    throw new Error('The account service is not configured: set features.account.serviceUrl in the runtime config.');
  }
  return url.replace(/\/$/, '');
}

/** Asks the account service who the token is for, through the host's api client (token, proofs, renewal). */
export async function fetchProfile(serviceUrl: string, api: Pick<ApiClient, 'json'>): Promise<Profile> {
  const body = await api.json<Partial<Profile>>(`${serviceUrl}/v1/profile`);
  if (typeof body.subject !== 'string' || typeof body.name !== 'string')
    throw new Error('The account service answered without a subject and name.');
  return {
    subject: body.subject,
    name: body.name,
    ...(typeof body.email === 'string' ? { email: body.email } : {}),
    scopes: Array.isArray(body.scopes) ? body.scopes.filter((scope): scope is string => typeof scope === 'string') : [],
    boundToKey: body.boundToKey === true,
  };
}
