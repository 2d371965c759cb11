import { markArrival } from '../sign-in/arrival';
import { User as OidcUser, type UserManager } from 'oidc-client-ts';
import type { AuthApi, User } from '@mfe/context';
import type { Viewer } from './views';
import type { AuthConfig } from '../sign-in/config';
import { createLogger } from '@mfe/context/runtime-utils';
import { redirectToSignIn, redirectToSignOut } from '../sign-in/redirects';
import { apiAuthorization, type ApiAuthorization } from '../tokens/api-credentials';
import { createSessionClock, type SessionClock } from '../tokens/clock';
import {
  createSessionRenewal,
  RenewalError,
  type RenewalSchedule,
  type RenewalOutcome,
  type TokenRenewer,
} from '../tokens/renewal';
import { MemoryTokens } from '../tokens/memory-tokens';
import type { RefreshStore } from '../refresh-token/refresh-store';
import { withCrossTabLock } from '../tabs/session-channel';
import { openSessionResources, type SessionResources } from '../tabs/session-resources';
import { startSession, type AuthStartResult, type StartDeps } from './session-start';
import { SessionStore, type SessionSnapshot } from './session-store';
import { rememberSignedIn } from '../sign-in/signed-in-hint';
import { shareable, TabSync } from '../tabs/tab-sync';
import { createTokenChecks, type TokenChecks } from '../tokens/token-checks';
import { requestTokens } from '../tokens/token-request';
import { takePeerSet } from '../tabs/peer-sets';
import { toContractUser } from '../tokens/user';
import { onScreenViewer, remoteAuthApi, usableViewer } from './views';

const log = createLogger('auth');

export type { SessionSnapshot, SessionStatus } from './session-store';
export type { AuthStartResult } from './session-start';
export interface AuthSessionOptions extends Partial<SessionResources> {
  readonly location?: Pick<Location, 'origin' | 'pathname' | 'search' | 'hash' | 'assign'>;
  readonly clock?: SessionClock;
  readonly checks?: TokenChecks;
  /** What React renders from; the host's session (lazy-session.ts) owns it before this code loads. */
  readonly store?: SessionStore;
}

export type { ApiAuthorization } from '../tokens/api-credentials';

/**
 * The host's sign-in session. Remotes see it only through the contract's
 * `AuthApi`; nothing of oidc-client-ts crosses to them.
 */
export class AuthSession {
  private readonly store: SessionStore;
  private readonly tabSync: TabSync;
  /** The token set behind the session, in memory only (memory-tokens.ts). */
  private readonly tokens: MemoryTokens;
  private leaving = false;
  private readonly location: Pick<Location, 'origin' | 'pathname' | 'search' | 'hash' | 'assign'>;
  private readonly now: () => number;
  private readonly checks: TokenChecks;
  private readonly dpop: boolean;
  /** With DPoP: the refresh token stored across reloads, bound to a non-extractable key (refresh-store.ts). */
  private readonly refreshStore: RefreshStore;
  private readonly renewLock: string;
  private readonly renewer: TokenRenewer;
  private readonly schedule: RenewalSchedule;
  readonly api: AuthApi;

  constructor(
    private readonly manager: UserManager,
    private readonly config: AuthConfig,
    options: AuthSessionOptions = {},
  ) {
    this.store = options.store ?? new SessionStore();
    this.location = options.location ?? window.location;
    const clock = options.clock ?? createSessionClock();
    this.now = () => clock.now();
    this.tokens = new MemoryTokens(this.now);
    this.onScreen = onScreenViewer(this.store, () => this.tokens.grantedScopes);
    this.usable = usableViewer(this.store, () => this.tokens.user?.scopes ?? []);
    this.checks = options.checks ?? createTokenChecks({ manager, clientId: config.auth.clientId, clock });
    // Decided before the session is made (engine.ts); `true` here, never "auto".
    this.dpop = config.auth.dpop === true;
    const resources = openSessionResources(config, options);
    this.refreshStore = resources.refreshStore;
    this.renewLock = resources.renewLock;
    ({ renewer: this.renewer, schedule: this.schedule } = createSessionRenewal({
      renewLock: this.renewLock,
      withLock: withCrossTabLock,
      askPeers: () => this.tabSync.askPeers(),
      current: () => this.tokens.renewable(this.store.get().status),
      expiresAt: () => this.tokens.expiresAt,
      refresh: () => this.refreshOnce(),
      now: this.now,
      expired: (reason, recoverable) => this.markExpired(reason, recoverable),
    }));
    this.tabSync = new TabSync({
      channel: resources.channel,
      tabs: resources.tabs,
      shareable: () => (this.tokens.user && this.store.get().status === 'active' ? shareable(this.tokens.user) : null),
      offered: (serialized) => void this.adoptFromPeer(serialized),
      signedOutElsewhere: () => {
        log.info('Signed out in another tab.');
        this.clearLocal();
        this.store.update({ user: null, status: 'signed-out', signedOutElsewhere: true });
      },
      expiresAt: () => (this.tokens.user ? this.tokens.expiresAt : 0),
    });
    this.api = remoteAuthApi(this, this.store);
  }

  /** The session as the `Viewer` access checks take (views.ts): a usable session's roles and scopes. */
  private readonly usable: Viewer;
  get signedIn(): boolean {
    return this.usable.signedIn;
  }
  hasRole = (role: string): boolean => this.usable.hasRole(role);
  hasScope = (scope: string): boolean => this.usable.hasScope(scope);

  /**
   * Access as the page on screen has it: the user's roles and scopes, also while the session shows
   * as expired (the page stays as it was, under the expiry notice, until they sign in again).
   * `hasRole`/`hasScope` on the session itself answer for a usable session only.
   */
  readonly onScreen: Viewer;

  getSnapshot = (): SessionSnapshot => this.store.get();
  currentUser = (): User | null => this.store.user();
  subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener);

  /** True once the page is on its way to the provider (sign-in or sign-out); guards must not start another redirect. */
  isLeaving = (): boolean => this.leaving;

  /** Runs before the router and before any remote code (session-start.ts). */
  start(): Promise<AuthStartResult> {
    // Tokens are about to arrive: their verifier downloads meanwhile instead of after them.
    this.checks.prepare?.();
    return startSession(this.startDeps());
  }

  private startDeps(): StartDeps {
    return {
      manager: this.manager,
      store: this.store,
      location: this.location,
      dpop: this.dpop,
      stored: this.refreshStore,
      renewLock: this.renewLock,
      accept: (user) => this.accept(user),
      hasTokens: () => this.tokens.user !== null,
      askPeers: () => this.tabSync.joinSession(),
    };
  }

  /** Validates and takes a token set this tab obtained, then shares it with the other tabs. */
  private async accept(user: OidcUser): Promise<void> {
    try {
      await this.checks.fromProvider(user, this.tokens.user?.id_token);
    } catch (error) {
      await this.manager.removeUser();
      throw error;
    }
    this.adopt(user);
    rememberSignedIn(true);
    if (this.dpop && user.refresh_token)
      await this.refreshStore.save({ refreshToken: user.refresh_token, sub: user.profile.sub });
    this.tabSync.announce(shareable(user));
  }

  private adopt(user: OidcUser): void {
    this.tokens.hold(user);
    this.store.showActive(toContractUser(user.profile, this.config.auth.rolesClaim));
    this.schedule.schedule();
    this.tabSync.adopted();
  }

  /** A token set from another tab (peer-sets.ts). */
  private async adoptFromPeer(serialized: string): Promise<void> {
    const taken = await takePeerSet(serialized, {
      manager: this.manager,
      checks: this.checks,
      now: this.now,
      current: () => (this.tokens.user ? { user: this.tokens.user, expiresAt: this.tokens.expiresAt } : null),
      leaving: () => this.leaving,
      adopt: (user) => this.adopt(user),
    });
    if (taken) rememberSignedIn(true);
  }

  /** One token request (token-request.ts), and the new set taken like any other. */
  private async refreshOnce(): Promise<void> {
    const user = await requestTokens(this.manager, this.dpop ? this.refreshStore : null);
    try {
      await this.accept(user);
    } catch (error) {
      throw new RenewalError('invalid_grant', (error as Error).message);
    }
  }

  /** For the API client: a token other than the one an API just refused (renewing at most once). */
  async renewAfterRejection(rejected: string): Promise<string> {
    await this.renewNow(() => this.tokens.user?.access_token === rejected);
    return this.getAccessToken();
  }

  private renewNow(isStale?: () => boolean): Promise<RenewalOutcome> {
    return this.schedule.renewNow(isStale);
  }

  private markExpired(reason: string, recoverable: boolean): void {
    if (this.store.get().status === 'signed-out') return;
    log.warn(`Session expired: ${reason}.`);
    if (recoverable) this.tokens.recovering = true;
    else {
      this.schedule.stop();
      this.tokens.forget({ keepScopes: true });
      void this.refreshStore.clear();
      void this.manager.removeUser();
    }
    // The user stays on screen (their page and its state are kept) until they sign in again.
    if (this.store.get().status !== 'expired') this.store.update({ status: 'expired' });
  }

  async signIn(returnTo?: string): Promise<void> {
    if (this.leaving) return;
    this.leaving = true;
    try {
      await redirectToSignIn(this.manager, this.location, returnTo);
    } catch (error) {
      this.leaving = false;
      throw error;
    }
  }

  async signOut(): Promise<void> {
    const idToken = this.tokens.user?.id_token;
    this.leaving = true;
    this.tabSync.announceSignOut();
    // Local tokens go first, whatever the provider does next.
    this.clearLocal();
    this.store.update({ user: null, status: 'signed-out', signedOutElsewhere: false });
    markArrival('signed-out');
    await redirectToSignOut(this.manager, this.location, idToken);
  }

  private clearLocal(): void {
    this.schedule.stop();
    this.tokens.forget();
    this.tabSync.released();
    rememberSignedIn(false);
    void this.refreshStore.clear();
    void this.manager.removeUser();
  }

  /** Credentials for one API call (api-credentials.ts): with DPoP, a proof bound to its method and URL. */
  async authorize(url: string, method: string, nonce?: string): Promise<ApiAuthorization> {
    const token = await this.getAccessToken();
    return apiAuthorization(this.manager, this.tokens.user, token, this.dpop, {
      url,
      method,
      ...(nonce ? { nonce } : {}),
    });
  }

  async getAccessToken(): Promise<string> {
    const refusal = this.tokens.refusal(this.store.get().status);
    if (refusal) throw refusal;
    if (this.renewer.isDue()) await this.renewNow();
    return this.tokens.accessToken(this.store.get().status);
  }
}
