import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { authorizeRequest, createAccessVerifier } from '@mfe/api-auth';
import { API_SCOPES } from './provider';
import { findUserById } from './users';

/**
 * DEVELOPMENT ONLY: the platform's own resource server, beside the dev provider — the account
 * service feature areas call with the tokens the host gives them. It verifies every call as a
 * production API must, with the published helper (@mfe/api-auth): issuer, audience, signature
 * against the provider's published keys, expiry, scope, and for DPoP tokens the key binding, the
 * proof's method, URL and age, replay, and its own server nonces.
 */
export interface DevApiOptions {
  readonly port: number;
  readonly listenHost?: string;
  /** The provider's issuer. */
  readonly issuer: string;
  /** Where browsers call it; also its identifier (the tokens' audience). */
  readonly url: string;
  /** Origins of the hosts whose pages may call it (CORS). */
  readonly hostOrigins: readonly string[];
}

export interface RunningDevApi {
  readonly url: string;
  close(): Promise<void>;
}

/** What GET /v1/profile answers: who the token is for, and how the call was authorized. */
export interface DevProfile {
  readonly subject: string;
  readonly name: string;
  readonly email?: string;
  readonly scopes: readonly string[];
  /** Whether the token was bound to the caller's key (DPoP) rather than a bearer token. */
  readonly boundToKey: boolean;
  readonly tokenExpiresAt: number;
}

function cors(req: IncomingMessage, res: ServerResponse, origins: readonly string[]) {
  res.setHeader('Vary', 'Origin');
  const origin = req.headers.origin;
  if (origin && origins.includes(origin)) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    // The api client reads these to renew a token or answer a nonce challenge.
    res.setHeader('Access-Control-Expose-Headers', 'WWW-Authenticate, DPoP-Nonce');
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(JSON.stringify(body));
}

export async function startDevApi(options: DevApiOptions): Promise<RunningDevApi> {
  // Provider and API share this machine's clock, so little skew is allowed (tests see expiry soon after it).
  const verifier = createAccessVerifier({
    issuer: options.issuer,
    audience: options.url,
    realm: 'development API',
    clockToleranceSeconds: 5,
  });
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    cors(req, res, options.hostOrigins);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const path = new URL(req.url ?? '/', options.url).pathname;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET',
        'Access-Control-Allow-Headers': 'Authorization, DPoP',
        'Access-Control-Max-Age': '600',
      });
      return void res.end();
    }
    if (req.method !== 'GET') return sendJson(res, 405, { error: 'method_not_allowed', error_description: 'Use GET.' });
    // Every resource is behind the token check, so an unknown path says nothing to a caller without one.
    const access = await authorizeRequest(verifier, req, res, { publicOrigin: options.url, scopes: API_SCOPES });
    if (!access) return;
    if (path !== '/v1/profile')
      return sendJson(res, 404, { error: 'not_found', error_description: `No such resource: ${path}` });
    const user = findUserById(access.subject);
    if (!user)
      return sendJson(res, 404, { error: 'unknown_account', error_description: 'No account for this subject.' });
    const profile: DevProfile = {
      subject: access.subject,
      name: user.name,
      email: user.email,
      scopes: access.scopes,
      boundToKey: Boolean(access.keyThumbprint),
      tokenExpiresAt: access.expiresAt,
    };
    sendJson(res, 200, profile);
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      // Keys unreachable and the like: the service's fault, not the caller's token.
      if (!res.headersSent)
        sendJson(res, 503, {
          error: 'temporarily_unavailable',
          error_description: `Access could not be checked: ${error.message}`,
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.listenHost ?? '127.0.0.1', () => resolve());
  });
  return {
    url: options.url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
