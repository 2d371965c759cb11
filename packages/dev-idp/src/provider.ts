// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the declaration must reach every program that compiles this file (the stack's too)
/// <reference path="./oidc-provider-adapters.d.ts" />
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';
import { logoutPage, messagePage } from './pages';
import { claimsOf, findUserById } from './users';

export interface DevProviderOptions {
  /** Issuer URL, e.g. `http://localhost:3100` (must match what the host is configured with, exactly). */
  readonly issuer: string;
  /** Origins of the host builds that may sign in, e.g. `http://localhost:3000`. */
  readonly hostOrigins: readonly string[];
  /** Client id registered for the host. */
  readonly clientId?: string;
  /** Access token lifetime in seconds (tests shorten it to exercise renewal). */
  readonly accessTokenTtl?: number;
  /** Refresh token lifetime in seconds. */
  readonly refreshTokenTtl?: number;
  /** Support DPoP (default true); false stands in for a provider that does not (tests of the host's choice). */
  readonly dpop?: boolean;
  /**
   * The development API (api.ts): its identifier. A client that names it as its resource (RFC 8707)
   * gets access tokens for it as signed JWTs (RFC 9068) with this audience; a refresh keeps the
   * resource of the sign-in.
   */
  readonly apiAudience?: string;
  /**
   * Release consoles (`mfe-release serve`) that sign people in here: each its origin (its own
   * client's redirects) and its identifier as a resource. Their access tokens are JWTs for that
   * audience carrying the person's name and roles, which the console's API decides by.
   */
  readonly consoles?: ReadonlyArray<{ readonly origin: string; readonly audience: string }>;
}

/** The client id the development release consoles sign in with. */
export const CONSOLE_CLIENT_ID = 'mfe-release-console';

/** The scopes the development API knows; the host asks for them with its OpenID scopes. */
export const API_SCOPES = ['account:read'] as const;

export const DEFAULT_CLIENT_ID = 'mfe-host';

/** The host is our own app: grant what it asks for without a consent screen. */
async function loadFirstPartyGrant(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const client = oidc.client;
  const session = oidc.session;
  if (!client || !session?.accountId) return undefined;
  const grantId = oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  const grant =
    (grantId ? await oidc.provider.Grant.find(grantId) : undefined) ??
    new oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
  for (const [indicator, server] of Object.entries(oidc.resourceServers ?? {})) {
    grant.addResourceScope(
      indicator,
      [...oidc.requestParamScopes].filter((scope) => server.scopes.has(scope)).join(' '),
    );
  }
  await grant.save();
  return grant;
}

function resources(
  api: string | undefined,
  consoles: readonly string[],
  accessTokenTTL: number,
): NonNullable<NonNullable<Configuration['features']>['resourceIndicators']> {
  return {
    enabled: true,
    useGrantedResource: async () => true,
    getResourceServerInfo: async (_ctx, indicator) => {
      const scope = indicator === api ? API_SCOPES.join(' ') : consoles.includes(indicator) ? CONSOLE_SCOPE : undefined;
      if (scope === undefined)
        throw new errors.InvalidTarget(
          `unknown resource ${indicator}; the development API is ${api ?? 'not running'}${consoles.length ? ` and the release consoles are ${consoles.join(', ')}` : ''}`,
        );
      return {
        scope,
        audience: indicator,
        accessTokenTTL,
        accessTokenFormat: 'jwt',
        jwt: { sign: { alg: 'RS256' } },
      };
    },
  };
}

/** What a release console's tokens are for (its API decides by the person's roles, not by scope). */
const CONSOLE_SCOPE = 'release:console';

/** One RS256 signing key, made at start: nothing to keep, nothing shared with another process. */
function signingKeys(): { keys: Array<Record<string, unknown>> } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    keys: [{ ...privateKey.export({ format: 'jwk' }), alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') }],
  };
}

export function createDevProvider(options: DevProviderOptions): Provider {
  const clientId = options.clientId ?? DEFAULT_CLIENT_ID;
  const origins = options.hostOrigins.map((origin) => new URL(origin).origin);
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_name: 'Micro-frontend host (development)',
        application_type: 'web',
        token_endpoint_auth_method: 'none', // a public browser client: PKCE is required
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: origins.flatMap((origin) => [`${origin}/auth/callback`, `${origin}/auth/silent-callback`]),
        post_logout_redirect_uris: origins.map((origin) => `${origin}/`),
      },
      ...(options.consoles?.length
        ? [
            {
              client_id: CONSOLE_CLIENT_ID,
              client_name: 'Release console (development)',
              application_type: 'web' as const,
              token_endpoint_auth_method: 'none' as const,
              grant_types: ['authorization_code', 'refresh_token'],
              response_types: ['code' as const],
              redirect_uris: options.consoles.flatMap(({ origin }) => [
                `${new URL(origin).origin}/auth/callback`,
                `${new URL(origin).origin}/auth/silent-callback`,
              ]),
              post_logout_redirect_uris: options.consoles.map(({ origin }) => `${new URL(origin).origin}/`),
            },
          ]
        : []),
    ],
    // A release console decides by the person's roles: its access tokens carry them (and the name it records).
    extraTokenClaims: async (_ctx, token) => {
      const { aud, resourceServer } = token as { aud?: unknown; resourceServer?: { audience?: unknown } };
      const audiences = [aud, resourceServer?.audience].flat();
      if (!options.consoles?.some((console) => audiences.includes(console.audience))) return undefined;
      const user =
        'accountId' in token && typeof token.accountId === 'string' ? findUserById(token.accountId) : undefined;
      return user ? { name: user.name, roles: [...user.roles] } : undefined;
    },
    async findAccount(_ctx, id) {
      const user = findUserById(id);
      if (!user) return undefined;
      return { accountId: user.id, claims: async () => ({ ...claimsOf(user), sub: user.id }) };
    },
    scopes: ['openid', 'offline_access', 'profile', 'email', 'roles'],
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
      email: ['email', 'email_verified'],
      roles: ['roles'],
    },
    // Put the granted claims in the ID token so the host needs no userinfo call at sign-in.
    conformIdTokenClaims: false,
    loadExistingGrant: loadFirstPartyGrant,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false }, // our own login page checks passwords
      revocation: { enabled: true },
      // Access tokens for the development API: a JWT a resource server verifies with the provider's
      // keys alone (no introspection call), bound by DPoP's cnf.jkt when the client uses DPoP. A
      // token with an audience is refused at userinfo, so the host's claims come from the ID token.
      ...(options.apiAudience || options.consoles?.length
        ? {
            resourceIndicators: resources(
              options.apiAudience,
              (options.consoles ?? []).map((console) => console.audience),
              options.accessTokenTtl ?? 600,
            ),
          }
        : {}),
      // DPoP (RFC 9449) with server nonces, so clients meet the nonce dance a production provider
      // may ask for. Bearer tokens still work for clients that do not send proofs.
      dPoP: { enabled: options.dpop ?? true, nonceSecret: randomBytes(32), requireNonce: () => true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = messagePage('Signed out', 'You are signed out of the development provider.');
        },
      },
    },
    pkce: { required: () => true },
    // Refresh tokens for the browser client whenever its grant types allow them, bound to the
    // provider session (oidc-provider drops `offline_access` unless prompt=consent is sent).
    // Public clients get a new refresh token on every use; reusing a spent one revokes the grant.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    ttl: {
      AccessToken: options.accessTokenTtl ?? 600,
      IdToken: 3600,
      Interaction: 600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
      RefreshToken: options.refreshTokenTtl ?? 8 * 3600,
      AuthorizationCode: 60,
    },
    cookies: { keys: ['dev-idp-cookie-key-not-a-secret'] },
    // Development only, and chosen so: sessions and grants in this process's memory (oidc-provider's
    // own memory adapter, named here rather than taken by default), and a signing key made at each
    // start. A restart signs everyone out, as the banner says.
    adapter: createMemoryAdapter(),
    jwks: signingKeys(),
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = messagePage('Sign-in error', `${out.error}: ${out.error_description ?? ''}`);
    },
  };
  return new Provider(options.issuer, configuration);
}
