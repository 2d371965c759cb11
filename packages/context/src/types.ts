import type { ConsentApi } from './consent';
import type { EventBus } from './events';
import type { IntlSource } from './intl';
import type { SlotHost } from './slots';

/** The signed-in user as the host presents it to remotes. */
export interface User {
  /** Stable subject identifier from the OpenID provider. */
  readonly sub: string;
  readonly name?: string;
  readonly email?: string;
  /** Roles read from the claim named by `config.auth.rolesClaim`. */
  readonly roles: readonly string[];
  /** Every claim the host received (ID token and userinfo), read-only. */
  readonly claims: Readonly<Record<string, unknown>>;
}

export interface AuthApi {
  /** `null` while nobody is signed in. */
  readonly user: User | null;
  /**
   * A current access token for calling APIs. Rejects with a
   * `PlatformError` coded `AUTH_REQUIRED` when nobody is signed in.
   * Never store the token: ask again for every call.
   */
  getAccessToken(): Promise<string>;
  /** Sends the browser to sign in; afterwards it returns to `returnTo` (same-origin path) or the current page. */
  signIn(returnTo?: string): Promise<void>;
  /** Ends the session locally and at the provider. */
  signOut(): Promise<void>;
  /** Whether the signed-in user has this role (from the claim named by `config.auth.rolesClaim`). */
  hasRole(role: string): boolean;
  /** Whether the current access token was granted this scope. */
  hasScope(scope: string): boolean;
}

/**
 * `fetch` for the product's APIs. The bearer token is attached only to
 * origins listed in the host's `apiOrigins`; a 401 renews the token once and
 * retries once. Failures are `ApiError`s (`API_UNAUTHORIZED`,
 * `API_UNREACHABLE`, `API_FAILED`). Tokens never go into URLs or logs.
 */
export interface ApiClient {
  /** Like `fetch`; any status but a lasting 401 is returned for the caller to handle. */
  fetch(input: string | URL, init?: RequestInit): Promise<Response>;
  /** GETs (or sends) and parses JSON; any non-2xx status is an `ApiError` coded `API_FAILED`. */
  json<T>(input: string | URL, init?: RequestInit): Promise<T>;
}

/**
 * Reports from a remote. The host attributes each to the remote (name,
 * version, route), scrubs it (no tokens, codes, e-mail addresses or query
 * strings) and sends it to the adapters its runtime config names, only after
 * the consent they need. Never put personal data in properties.
 */
export interface Telemetry {
  track(event: string, properties?: Readonly<Record<string, unknown>>): void;
  captureError(error: unknown, context?: Readonly<Record<string, unknown>>): void;
}

/** Runtime configuration that the host loads at start-up (not baked into any build). */
export interface RuntimeConfig {
  readonly productName: string;
  readonly auth: {
    readonly authority: string;
    readonly clientId: string;
    readonly scopes: string;
    readonly rolesClaim: string;
  };
  /** Origins of the product's APIs; only requests to these carry the access token. */
  readonly apiOrigins: readonly string[];
  /** Free-form settings for feature areas, keyed by remote name. */
  readonly features: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

export interface NavigateOptions {
  readonly replace?: boolean;
}

/** What the host tells a remote about where it is mounted. */
export interface RemoteInfo {
  /** Name of the remote in the runtime manifest. */
  readonly name: string;
  /**
   * Path the remote is mounted under, e.g. `/referrals`; never ends with `/`. Empty for a remote
   * that only contributes to slots (it owns no area: its paths start at the host's root).
   */
  readonly basePath: string;
  /**
   * Navigates within this remote's area: `navigate('/invites/42')` goes to
   * `${basePath}/invites/42`, so a remote never hard-codes where it is mounted.
   */
  navigate(to: string, options?: NavigateOptions): void;
  /**
   * Names the page on screen (`null` clears it): the host titles the document
   * `<title> · <area label> · <product>`. Use `usePageTitle()`. Since 1.4.0.
   */
  setTitle(title: string | null): void;
}

/** Everything the host gives a mounted remote. */
export interface HostContext {
  readonly contractVersion: string;
  readonly auth: AuthApi;
  readonly api: ApiClient;
  readonly telemetry: Telemetry;
  readonly config: RuntimeConfig;
  readonly remote: RemoteInfo;
  /** Announce to, and hear from, other feature areas (see `PlatformEvents`). Since 1.2.0. */
  readonly events: EventBus;
  /** What the user agreed to (analytics, marketing); read it before anything is sent to a third party. Since 1.3.0. */
  readonly consent: ConsentApi;
  /** The page's language: messages (ICU), dates, numbers, lists; read it with `useIntl()`. Since 1.5.0. */
  readonly intl: IntlSource;
  /**
   * Renders contributions to slots (use `<Slot>`, not this). Absent in hosts from before 1.5.0,
   * where a `<Slot>` shows its fallback.
   */
  readonly slots?: SlotHost;
}
