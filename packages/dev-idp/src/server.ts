import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { createAdminState, handleAdmin } from './admin';
import { startDevApi, type RunningDevApi } from './api';
import { loginPage, messagePage } from './pages';
import { createDevProvider, type DevProviderOptions } from './provider';
import { checkCredentials, DEMO_USERS } from './users';

export interface DevIdpOptions extends DevProviderOptions {
  readonly port: number;
  /** Interface to listen on; loopback only by default. */
  readonly listenHost?: string;
  /** Expose the `/__dev/` control API for tests (see admin.ts). */
  readonly adminApi?: boolean;
  /** Start the development API (api.ts) beside the provider, on this port at this URL. */
  readonly api?: { readonly port: number; readonly url: string };
}

export interface RunningDevIdp {
  readonly issuer: string;
  readonly provider: Provider;
  /** The development API's URL, when one was started. */
  readonly apiUrl?: string;
  close(): Promise<void>;
}

const CREDENTIALS_HINT = `Demo users: ${DEMO_USERS.map((u) => `${u.username} / ${u.password}`).join(', ')}`;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16_384) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

/** The sign-in interaction: our login form with real password checks, and Cancel → access_denied. */
async function handleInteraction(provider: Provider, req: IncomingMessage, res: ServerResponse, path: string) {
  const [, , uid, action] = path.split('/');
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid)
    return sendHtml(
      res,
      400,
      messagePage('Sign-in error', 'This sign-in page has expired. Go back to the app and sign in again.'),
    );
  const client = await provider.Client.find(String(details.params.client_id));
  const clientName = client?.clientName ?? String(details.params.client_id);

  if (req.method === 'GET' && !action) {
    if (details.prompt.name !== 'login') {
      // Consent is granted by loadExistingGrant for our first-party client.
      return provider.interactionFinished(req, res, { consent: {} }, { mergeWithLastSubmission: true });
    }
    return sendHtml(res, 200, loginPage({ uid: details.uid, clientName, hint: CREDENTIALS_HINT }));
  }
  if (req.method === 'POST' && action === 'login') {
    const form = await readForm(req);
    const username = form.get('username') ?? '';
    const user = checkCredentials(username, form.get('password') ?? '');
    if (!user) {
      return sendHtml(
        res,
        401,
        loginPage({
          uid: details.uid,
          clientName,
          username,
          error: 'Wrong username or password.',
          hint: CREDENTIALS_HINT,
        }),
      );
    }
    return provider.interactionFinished(
      req,
      res,
      { login: { accountId: user.id } },
      { mergeWithLastSubmission: false },
    );
  }
  if (req.method === 'POST' && action === 'abort') {
    return provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The user cancelled sign-in.' },
      { mergeWithLastSubmission: false },
    );
  }
  return sendHtml(res, 404, messagePage('Not found', 'No such sign-in step.'));
}

export async function startDevIdp(options: DevIdpOptions): Promise<RunningDevIdp> {
  const provider = createDevProvider({ ...options, ...(options.api ? { apiAudience: options.api.url } : {}) });
  const oidcHandler = provider.callback();
  const admin = createAdminState(provider);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', options.issuer);
    const path = url.pathname;
    if (options.adminApi && path.startsWith('/__dev/')) {
      handleAdmin(provider, admin, req, res, url).catch((error: Error) => {
        if (!res.headersSent) res.writeHead(500).end(error.message);
      });
      return;
    }
    // Simulated outages for tests: an error page, or a dropped connection.
    if (admin.availability === 'unreachable') return void req.socket.destroy();
    if (admin.availability === 'down')
      return sendHtml(res, 503, messagePage('Unavailable', 'The provider is down (simulated).'));
    if (path.startsWith('/interaction/')) {
      handleInteraction(provider, req, res, path).catch((error: Error) => {
        if (!res.headersSent)
          sendHtml(res, 400, messagePage('Sign-in error', `${error.message}. Go back to the app and sign in again.`));
      });
      return;
    }
    oidcHandler(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.listenHost ?? '127.0.0.1', () => resolve());
  });
  const closeProvider = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  let api: RunningDevApi | undefined;
  try {
    api = options.api
      ? await startDevApi({
          port: options.api.port,
          url: options.api.url,
          issuer: options.issuer,
          hostOrigins: options.hostOrigins,
          ...(options.listenHost ? { listenHost: options.listenHost } : {}),
        })
      : undefined;
  } catch (error) {
    await closeProvider();
    throw error;
  }
  return {
    issuer: options.issuer,
    provider,
    ...(api ? { apiUrl: api.url } : {}),
    close: async () => {
      await Promise.all([closeProvider(), api?.close()]);
    },
  };
}
