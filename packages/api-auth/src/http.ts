import type { IncomingMessage, ServerResponse } from 'node:http';
import { AccessDenied } from './denial';
import type { AccessVerifier, VerifiedAccess } from './verifier';

/**
 * For `node:http` (and frameworks on it: Express, Fastify's raw request): verifies `req` and, when it
 * is refused, answers it (status, `WWW-Authenticate`, `DPoP-Nonce`, a JSON body) and resolves to null.
 * `publicOrigin` is the origin clients call (the proof's `htu` names it, not the one behind a proxy).
 */
export async function authorizeRequest(
  verifier: AccessVerifier,
  req: IncomingMessage,
  res: ServerResponse,
  options: { readonly publicOrigin: string; readonly scopes?: readonly string[] },
): Promise<VerifiedAccess | null> {
  try {
    const access = await verifier.verify(
      {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', options.publicOrigin).href,
        authorization: req.headers.authorization ?? null,
        dpop: req.headers.dpop ?? null,
      },
      { scopes: options.scopes ?? [] },
    );
    if (access.nonce) res.setHeader('DPoP-Nonce', access.nonce);
    return access;
  } catch (error) {
    if (!(error instanceof AccessDenied)) throw error;
    res.writeHead(error.status, { ...error.headers(verifier.challenge), 'Content-Type': 'application/json' });
    res.end(JSON.stringify(error.body()));
    return null;
  }
}
