import type { AuthConfig } from '../sign-in/config';
import { createLogger } from '@mfe/context/runtime-utils';
import { createUserManager } from '../sign-in/client';
import { chooseDpop } from '../refresh-token/dpop-choice';
import { AuthSession, type AuthSessionOptions } from './session';

const log = createLogger('auth');

// The sign-in code (oidc-client-ts and the session behind it): its own chunk, downloaded only when
// someone signs in, a session may be restored, or a sign-in returns (lazy-session.ts).
export async function createAuthSession(config: AuthConfig, options: AuthSessionOptions): Promise<AuthSession> {
  // DPoP on wherever the provider supports it (dpop-choice.ts): its discovery document, read once
  // through the client itself and handed to the client that is kept, so it is not fetched twice.
  const probe = createUserManager({ ...config, auth: { ...config.auth, dpop: false } });
  let metadata: Awaited<ReturnType<typeof probe.metadataService.getMetadata>> | undefined;
  const choice = await chooseDpop(config.auth.dpop, async () => (metadata = await probe.metadataService.getMetadata()));
  log.info(`DPoP (sender-constrained tokens) is ${choice.reason}.`);
  const effective: AuthConfig = { ...config, auth: { ...config.auth, dpop: choice.dpop } };
  return new AuthSession(createUserManager(effective, metadata ? { metadata } : {}), effective, options);
}
