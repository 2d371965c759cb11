import { PlatformError, type AuthApi, type User } from '@mfe/context';
import type { Viewer } from './views';
import type { AuthConfig } from '../sign-in/config';
import { createLogger } from '@mfe/context/runtime-utils';
import { CALLBACK_PATH } from '../sign-in/paths';
import { openSessionResources, type SessionResources } from '../tabs/session-resources';
import { SESSION_NOT_KNOWN, SessionStore, type SessionSnapshot } from './session-store';
import type { ApiAuthorization, AuthSession, AuthSessionOptions, AuthStartResult } from './session';
import { mayHaveSession } from '../sign-in/signed-in-hint';
import { remoteAuthApi } from './views';

const log = createLogger('auth');

function onScreenOf(engine: () => AuthSession | null): Viewer {
  return {
    get signedIn() {
      return engine()?.onScreen.signedIn ?? false;
    },
    hasRole: (role) => engine()?.onScreen.hasRole(role) ?? false,
    hasScope: (scope) => engine()?.onScreen.hasScope(scope) ?? false,
  };
}

type EngineModule = { createAuthSession(config: AuthConfig, options: AuthSessionOptions): Promise<AuthSession> };

let engineModule: Promise<EngineModule> | null = null;

/** The sign-in code's chunk, downloaded once (again after a failed download). */
export function loadAuthEngine(): Promise<EngineModule> {
  engineModule ??= import(/* webpackChunkName: "auth" */ './engine').catch((error: unknown) => {
    engineModule = null;
    throw error;
  });
  return engineModule;
}

/**
 * Whether this page load will need the sign-in code at once: a sign-in returning, or a session this
 * tab had. Start-up then downloads it alongside the runtime config instead of after it.
 */
export function needsAuthEngineAtOnce(pathname: string, hint: () => boolean = mayHaveSession): boolean {
  return pathname === CALLBACK_PATH || hint();
}

export interface LazySessionOptions extends Partial<SessionResources> {
  readonly location?: Pick<Location, 'origin' | 'pathname' | 'search' | 'hash' | 'assign'>;
  readonly hint?: () => boolean;
  readonly load?: () => Promise<EngineModule>;
}

/**
 * The host's sign-in session. A visitor who never signed in does not download the sign-in code
 * (oidc-client-ts and the session, ~25 KiB gzip): it loads when they sign in, when this tab had a
 * session (the hint), when another tab of the app is open (it may hand over its session), when a
 * stored refresh token is there (DPoP), or when another tab signs in. Until then the session is
 * "signed out", as it would be after the engine's own start. Remotes see it only through
 * the contract's `AuthApi`.
 */
export class LazySession implements Viewer {
  private readonly store = new SessionStore();
  private engine: AuthSession | null = null;
  private loading: Promise<AuthSession> | null = null;
  private readonly location: Pick<Location, 'origin' | 'pathname' | 'search' | 'hash' | 'assign'>;
  private readonly resources: SessionResources;
  private readonly hint: () => boolean;
  private readonly loadModule: () => Promise<EngineModule>;
  readonly api: AuthApi;

  constructor(
    private readonly config: AuthConfig,
    options: LazySessionOptions = {},
  ) {
    this.location = options.location ?? window.location;
    this.resources = openSessionResources(config, options);
    this.hint = options.hint ?? mayHaveSession;
    this.loadModule = options.load ?? loadAuthEngine;
    this.api = remoteAuthApi(this, this.store);
    // Another tab signed in (or renewed): this one joins, which needs the sign-in code.
    this.resources.channel.subscribe((message) => {
      if (message.type === 'tokens' && !this.engine)
        void this.ready()
          .then((engine) => engine.start())
          .catch(() => undefined);
    });
  }

  /** The sign-in code, created once over this session's store, channel and tab presence. */
  private ready(): Promise<AuthSession> {
    this.loading ??= this.loadModule().then(
      async (module) => {
        this.engine = await module.createAuthSession(this.config, {
          ...this.resources,
          location: this.location,
          store: this.store,
        });
        return this.engine;
      },
      (error: unknown) => {
        this.loading = null;
        throw new PlatformError(
          'AUTH_FAILED',
          `The sign-in code could not be downloaded (${(error as Error)?.message ?? String(error)}). Check your connection and try again.`,
          { cause: error },
        );
      },
    );
    return this.loading;
  }

  /** Starts downloading the sign-in code ahead of a click on "Sign in" (hover, focus). */
  prepare(): void {
    void this.ready().catch(() => undefined);
  }

  /**
   * Runs before the router: completes a sign-in callback, or restores a session (this tab's, another
   * tab's, a stored one); a visitor with none of these is signed out without the sign-in code.
   */
  async start(): Promise<AuthStartResult> {
    const { pathname } = this.location;
    if (pathname === CALLBACK_PATH) {
      let engine: AuthSession;
      try {
        engine = await this.ready();
      } catch (error) {
        return {
          kind: 'callback-failed',
          problem: { kind: 'provider-unreachable', detail: (error as Error).message },
        };
      }
      return engine.start();
    }
    // Restoring from the first moment (the code may take a while to arrive): pages that need a user
    // wait for it instead of sending the visitor to sign in.
    this.store.update({ restoring: true });
    try {
      if (this.hint()) return await (await this.ready()).start();
      const [peers, stored] = await Promise.all([
        this.resources.tabs.otherTabsOpen(),
        this.resources.refreshStore.load().catch(() => undefined),
      ]);
      if (peers || stored) return await (await this.ready()).start();
    } finally {
      if (this.store.get().restoring) this.store.update({ restoring: false });
    }
    return { kind: 'ready' };
  }

  get signedIn(): boolean {
    return this.store.user() !== null;
  }

  hasRole(role: string): boolean {
    return this.engine?.hasRole(role) ?? false;
  }

  hasScope(scope: string): boolean {
    return this.engine?.hasScope(scope) ?? false;
  }

  /** Access as the page on screen has it (see AuthSession.onScreen): signed out until the sign-in code runs. */
  readonly onScreen: Viewer = onScreenOf(() => this.engine);

  getSnapshot = (): SessionSnapshot => this.store.get();
  /** The snapshot a prerendered page hydrates with (useSyncExternalStore's server snapshot). */
  getServerSnapshot = (): SessionSnapshot => SESSION_NOT_KNOWN;
  currentUser = (): User | null => this.store.user();
  subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener);
  isLeaving = (): boolean => this.engine?.isLeaving() ?? false;

  async signIn(returnTo?: string): Promise<void> {
    return (await this.ready()).signIn(returnTo);
  }

  async signOut(): Promise<void> {
    if (!this.engine) {
      log.info('Sign-out without a session: nothing to end.');
      return;
    }
    return this.engine.signOut();
  }

  async authorize(url: string, method: string, nonce?: string): Promise<ApiAuthorization> {
    return this.required().authorize(url, method, nonce);
  }

  async getAccessToken(): Promise<string> {
    return this.required().getAccessToken();
  }

  async renewAfterRejection(rejected: string): Promise<string> {
    return this.required().renewAfterRejection(rejected);
  }

  private required(): AuthSession {
    if (!this.engine) throw new PlatformError('AUTH_REQUIRED', 'Nobody is signed in. Sign in to continue.');
    return this.engine;
  }
}
