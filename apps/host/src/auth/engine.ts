import type { HostConfig } from '../config';
import { createUserManager } from './client';
import { AuthSession, type AuthSessionOptions } from './session';

// The sign-in code (oidc-client-ts and the session behind it): its own chunk, downloaded only when
// someone signs in, a session may be restored, or a sign-in returns (lazy-session.ts).
export function createAuthSession(config: HostConfig, options: AuthSessionOptions): AuthSession {
  return new AuthSession(createUserManager(config), config, options);
}
