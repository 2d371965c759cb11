import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import {
  AccessDenied,
  createAccessVerifier,
  createMemoryReplayStore,
  createNonceSource,
  type AccessVerifier,
  type NonceSource,
  type ReplayStore,
  type VerifiedAccess,
} from '@mfe/api-auth';
import { recordAudit } from '../store/audit';
import * as commands from '../commands';
import { isReleaseError, ReleaseError } from '../errors';
import { checkEnv, readSettings } from '../store/layout';
import type { ObjectStore } from '../store/object-store';
import { readCurrent } from '../environments/revisions';
import { controlRollout } from '../rollouts/rollout';
import type { Who } from '../environments/who';
import { json } from './answers';
import type { ChangeFeed } from './change-feed';
import {
  auditOf,
  buildOf,
  historyOf,
  overviewOf,
  revisionOf,
  rolloutOf,
  settingsOf,
  type RevisionCache,
} from './views';

// The console's API, under /api/, and its pages. Reading is open to whom the service says
// (`--read`); acting needs a token from the provider (verified here with @mfe/api-auth: issuer,
// audience, signature, expiry, and a DPoP proof that is used once, so a replayed request is refused)
// carrying a role the environment names (`init --role <env>=<role>`). The page hides what a person
// may not do, but the refusal is here: whatever a request says, it changes nothing it may not.

/** How the console signs people in (the host's provider), or null: read-only. */
export interface ConsoleSignIn {
  readonly issuer: string;
  readonly clientId: string;
  /** The service's identifier as a resource (RFC 8707): the tokens' audience. */
  readonly audience: string;
  /** The claim that lists a person's roles (the host's `rolesClaim`). */
  readonly rolesClaim: string;
  /** Where the service is reached (the proofs' `htu` names it; behind a proxy, the public origin). */
  readonly publicOrigin: string;
}

export interface ConsoleOptions {
  readonly store: ObjectStore;
  readonly cache: RevisionCache;
  readonly feed: ChangeFeed;
  readonly signIn: ConsoleSignIn | null;
  /** Who may read: anyone who reaches the service, or people signed in. */
  readonly read: 'anyone' | 'signed-in';
  readonly prometheusFor: (env: string) => string | undefined;
  /** The console's built pages (index.html and its files), or null: the API alone. */
  readonly pages: string | null;
  readonly fetchImpl?: typeof fetch;
  /** DPoP's server nonces and used proofs, shared by every instance of the service (shared-dpop.ts); default: this process's own. */
  readonly dpop?: { readonly nonces: NonceSource; readonly replay: ReplayStore };
  /** For tests of the API alone: the verifiers' policy extras (keys, clock). */
  readonly verifierExtras?: Partial<Parameters<typeof createAccessVerifier>[0]>;
}

/** A person the service verified: who to record, and their roles. */
export interface Person {
  readonly subject: string;
  readonly name: string;
  readonly roles: readonly string[];
}

/** What the console's page is told at its start (`/api/session`). */
export interface SessionInfo {
  /** No provider: nothing can be changed from the console. */
  readonly readOnly: boolean;
  readonly signIn: { readonly authority: string; readonly clientId: string; readonly resource: string } | null;
  readonly read: 'anyone' | 'signed-in';
  /** The person the request's token names, when it carries one. */
  readonly person: Person | null;
  /** The environments that person may change. */
  readonly actsOn: readonly string[];
}

/** The one place a person's actor string is made: their name and subject, as revisions record it. */
export const actorOf = (person: Person) => `${person.name} (${person.subject})`;

const ACTIONS = ['pause', 'resume', 'abort', 'rollback', 'promote'] as const;
type ActionName = (typeof ACTIONS)[number];

interface ActionRequest {
  readonly action: ActionName;
  /** The rollout's remote (pause, resume, abort). */
  readonly remote?: string;
  /** The revision to roll back to (default: the state before). */
  readonly to?: number;
  /** Where to promote from, and which remotes (default: all). */
  readonly from?: string;
  readonly remotes?: readonly string[];
  readonly reason?: string;
  /** The environment's revision the page showed: a change made since refuses the action. */
  readonly expect: number;
  readonly dryRun?: boolean;
}

export function consoleRoutes(options: ConsoleOptions) {
  // One nonce source and one record of used proofs for both: the page keeps one nonce for the
  // service, whichever call it makes, and whichever instance answers it.
  const { nonces, replay } = options.dpop ?? { nonces: createNonceSource(), replay: createMemoryReplayStore() };
  const verifier = (required: boolean): AccessVerifier | null =>
    options.signIn
      ? createAccessVerifier({
          issuer: options.signIn.issuer,
          audience: options.signIn.audience,
          realm: 'release console',
          dpop: { required, nonces, replay },
          ...(options.fetchImpl ? { fetch: options.fetchImpl } : {}),
          ...options.verifierExtras,
        })
      : null;
  const reading = verifier(false);
  // Acting needs DPoP-bound tokens: each proof is used once, so a replayed request is refused.
  const acting = verifier(true);

  /** The person a request is from, or null when it carries no token; a bad token is answered (401). */
  async function personOf(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    with_: AccessVerifier | null,
  ): Promise<Person | null | 'answered'> {
    if (!with_ || !options.signIn) return null;
    if (!req.headers.authorization && !req.headers.dpop) return null;
    let access: VerifiedAccess;
    try {
      access = await with_.verify({
        method: req.method ?? 'GET',
        url: new URL(url.pathname + url.search, options.signIn.publicOrigin).href,
        authorization: req.headers.authorization ?? null,
        dpop: req.headers.dpop ?? null,
      });
    } catch (caught) {
      if (!(caught instanceof AccessDenied)) throw caught;
      const error: AccessDenied = caught;
      res.writeHead(error.status, {
        ...error.headers(with_.challenge),
        'Content-Type': 'application/json',
        'Cache-Control': 'no-store',
      });
      res.end(JSON.stringify({ ...error.body(), code: 'CONSOLE_UNAUTHORIZED' }));
      return 'answered';
    }
    if (access.nonce) res.setHeader('DPoP-Nonce', access.nonce);
    const claims = access.claims as Record<string, unknown>;
    const roles = claims[options.signIn.rolesClaim];
    return {
      subject: access.subject,
      name: typeof claims.name === 'string' ? claims.name : access.subject,
      roles: Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [],
    };
  }

  /** The environments a person may act on: those whose named roles they hold. */
  async function actsOn(person: Person | null): Promise<ReadonlySet<string>> {
    if (!person) return new Set();
    const roles = (await readSettings(options.store)).roles ?? {};
    return new Set(
      Object.entries(roles)
        .filter(([, allowed]) => allowed.some((role) => person.roles.includes(role)))
        .map(([env]) => env),
    );
  }

  return async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (!url.pathname.startsWith('/api/')) return servePage(options.pages, pagePolicy(options.signIn), req, res, url);
    const action = req.method === 'POST';
    if (!action && req.method !== 'GET') {
      json(res, 405, { error: 'GET, or POST for an action.' }, { Allow: 'GET, POST' });
      return true;
    }
    const person = await personOf(req, res, url, action ? acting : reading);
    if (person === 'answered') return true;
    if (url.pathname === '/api/session') {
      const info: SessionInfo = {
        readOnly: options.signIn === null,
        signIn: options.signIn
          ? { authority: options.signIn.issuer, clientId: options.signIn.clientId, resource: options.signIn.audience }
          : null,
        read: options.read,
        person,
        actsOn: [...(await actsOn(person))],
      };
      json(res, 200, info);
      return true;
    }
    if (options.read === 'signed-in' && !person) {
      json(res, 401, { code: 'CONSOLE_SIGN_IN', error: 'Sign in to read the release console.' });
      return true;
    }
    if (action) return act(req, res, url, person);
    return read(res, url, person);
  };

  async function read(res: ServerResponse, url: URL, person: Person | null): Promise<boolean> {
    const path = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    try {
      if (path[1] === 'overview' && path.length === 2) {
        const overview = await overviewOf(options.store, options.cache, {
          prometheusFor: options.prometheusFor,
          ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
        });
        const allowed = await actsOn(person);
        json(res, 200, {
          ...overview,
          environments: overview.environments.map((env) => ({ ...env, mayAct: allowed.has(env.env) })),
        });
      } else if (path[1] === 'events' && path.length === 2) options.feed.subscribe(res);
      else if (path[1] === 'audit' && path.length === 2)
        json(res, 200, await auditOf(options.store, pageOf(url, 'offset', 0)));
      else if (path[1] === 'settings' && path.length === 2) json(res, 200, await settingsOf(options.store));
      else if (path[1] === 'builds' && path.length === 4)
        json(res, 200, await buildOf(options.store, path[2]!, path[3]!));
      else if (path[1] === 'envs' && path.length === 4 && path[3] === 'history') {
        const before = url.searchParams.get('before');
        json(
          res,
          200,
          await historyOf(options.store, options.cache, path[2]!, {
            ...(before ? { before: Number(before) } : {}),
            limit: Math.min(200, Math.max(1, Number(url.searchParams.get('limit') ?? 50) || 50)),
            query: url.searchParams.get('q') ?? '',
          }),
        );
      } else if (path[1] === 'envs' && path.length === 5 && path[3] === 'revisions') {
        const found = await revisionOf(options.cache, path[2]!, Number(path[4]));
        if (found) json(res, 200, found);
        else json(res, 404, { code: 'RELEASE_NOT_FOUND', error: `${path[2]} has no revision ${path[4]}.` });
      } else if (path[1] === 'envs' && path.length === 5 && path[3] === 'rollouts')
        json(res, 200, await rolloutOf(options.store, path[2]!, path[4]!));
      else json(res, 404, { error: `Nothing at ${url.pathname}.` });
    } catch (error) {
      answerError(res, error);
    }
    return true;
  }

  async function act(req: IncomingMessage, res: ServerResponse, url: URL, person: Person | null): Promise<boolean> {
    const path = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (!(path[1] === 'envs' && path[3] === 'actions' && path.length === 4)) {
      json(res, 404, { error: `Nothing to do at ${url.pathname}.` });
      return true;
    }
    if (!options.signIn) {
      json(res, 403, {
        code: 'CONSOLE_READ_ONLY',
        error: 'This console is read-only: the service has no sign-in configured.',
      });
      return true;
    }
    if (!person) {
      json(res, 401, { code: 'CONSOLE_SIGN_IN', error: 'Sign in to act on an environment.' });
      return true;
    }
    try {
      const env = checkEnv(path[2]);
      if (!(await actsOn(person)).has(env)) {
        json(res, 403, {
          code: 'CONSOLE_FORBIDDEN',
          error: `${person.name} may not change ${env}: it takes a role ${env} names (${((await readSettings(options.store)).roles?.[env] ?? []).join(', ') || 'none is named'}).`,
        });
        return true;
      }
      const body = readAction(await readBody(req));
      const head = (await readCurrent(options.store, env))?.revision ?? 0;
      // The page acted on what it showed: anything since (a step, someone else's change) refuses it.
      if (head !== body.expect)
        throw new ReleaseError(
          'RELEASE_CONFLICT',
          `${env} is at revision ${head}, not ${body.expect} as this page showed: someone or something changed it. Nothing was changed; look again and act on what you see.`,
        );
      const who: Who = { actor: actorOf(person), reason: body.reason ?? '' };
      const scope = {
        store: options.store,
        env,
        who,
        options: { expect: body.expect, ...(body.dryRun ? { dryRun: true } : {}) },
      };
      const lines =
        body.action === 'rollback'
          ? await commands.rollback(scope, body.to)
          : body.action === 'promote'
            ? await commands.promote(scope, body.from ?? '', body.remotes ?? [])
            : await controlRollout(scope, body.remote ?? '', body.action);
      if (!body.dryRun) {
        await recordAudit(options.store, {
          actor: who.actor,
          reason: who.reason,
          kind: 'console',
          summary: `${env}: ${body.action}${body.remote ? ` ${body.remote}` : ''}${body.action === 'promote' ? ` from ${body.from}` : ''}${body.to !== undefined ? ` to #${body.to}` : ''} (at revision ${head})`,
        });
        options.feed.changed();
      }
      json(res, 200, { ok: true, lines });
    } catch (error) {
      answerError(res, error);
    }
    return true;
  }
}

function readAction(body: unknown): ActionRequest {
  const value = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const refuse = (why: string): never => {
    throw new ReleaseError('RELEASE_USAGE', why);
  };
  if (!ACTIONS.includes(value.action as ActionName)) refuse(`"action" must be one of ${ACTIONS.join(', ')}.`);
  if (!Number.isInteger(value.expect) || (value.expect as number) < 0)
    refuse('"expect" must be the revision the page showed.');
  const text = (key: string) =>
    value[key] === undefined
      ? undefined
      : typeof value[key] === 'string'
        ? (value[key] as string)
        : refuse(`"${key}" must be text.`);
  const action = value.action as ActionName;
  if ((action === 'pause' || action === 'resume' || action === 'abort') && !text('remote'))
    refuse(`"${action}" needs the rollout's "remote".`);
  if (action === 'promote' && !text('from')) refuse('"promote" needs "from", the environment to promote from.');
  if (value.to !== undefined && !Number.isInteger(value.to)) refuse('"to" must be a revision number.');
  if (
    value.remotes !== undefined &&
    !(Array.isArray(value.remotes) && value.remotes.every((name) => typeof name === 'string'))
  )
    refuse('"remotes" must be a list of names.');
  return {
    action,
    expect: value.expect as number,
    ...(text('remote') ? { remote: text('remote')! } : {}),
    ...(text('from') ? { from: text('from')! } : {}),
    ...(text('reason') !== undefined ? { reason: text('reason')! } : {}),
    ...(value.to !== undefined ? { to: value.to as number } : {}),
    ...(value.remotes !== undefined ? { remotes: value.remotes as string[] } : {}),
    ...(value.dryRun === true ? { dryRun: true } : {}),
  };
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16_384) throw new ReleaseError('RELEASE_USAGE', 'The request is larger than an action can be (16 KiB).');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ReleaseError('RELEASE_USAGE', 'The request is not JSON.');
  }
}

/** HTTP statuses of the release's refusals; the body carries the same stable code as the command. */
const STATUS: Partial<Record<string, number>> = {
  RELEASE_USAGE: 400,
  RELEASE_NOT_FOUND: 404,
  RELEASE_CONFLICT: 409,
  RELEASE_NOTHING_TO_DO: 409,
  RELEASE_CHECK_FAILED: 422,
  RELEASE_METRICS: 503,
};

function answerError(res: ServerResponse, error: unknown): void {
  if (!isReleaseError(error)) throw error;
  json(res, STATUS[error.code] ?? 500, { ok: false, code: error.code, error: error.message, lines: error.lines });
}

function pageOf(url: URL, key: 'offset', fallback: number): { offset: number; limit: number } {
  const offset = Math.max(0, Number(url.searchParams.get(key) ?? fallback) || 0);
  return { offset, limit: Math.min(200, Math.max(1, Number(url.searchParams.get('limit') ?? 50) || 50)) };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/**
 * The console's pages: its files where they exist (hashed names cached for good), else index.html
 * for any other path (the page routes in the browser). Nothing else of the service's folders.
 */
function servePage(pages: string | null, policy: string, req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  if (!pages || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const wanted = normalize(join(pages, decodeURIComponent(url.pathname)));
  const isFile = (path: string) =>
    path.startsWith(pages + sep) && existsSync(path) && statSync(path).isFile() && !path.endsWith('.map');
  // A file of the build; a page by its name without `.html` (the silent sign-in's /auth/silent-callback);
  // else the console's page, which routes in the browser.
  const file = isFile(wanted) ? wanted : isFile(`${wanted}.html`) ? `${wanted}.html` : join(pages, 'index.html');
  if (!existsSync(file)) return false;
  // The silent sign-in's page is framed by the console itself; nothing else may frame any page.
  const framedBySelf = file.endsWith(join('auth', 'silent-callback.html'));
  const hashed = /\.[0-9a-f]{8}\.\w+$/.test(file);
  res.writeHead(200, {
    'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    ...(file.endsWith('.html')
      ? framedBySelf
        ? { 'Content-Security-Policy': policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'") }
        : { 'Content-Security-Policy': policy, 'X-Frame-Options': 'DENY' }
      : {}),
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
  return true;
}

/**
 * The console's pages load only their own files and talk to their own origin and the provider (its
 * discovery, token and key documents; the hidden frame of a silent sign-in; its sign-in form).
 */
function pagePolicy(signIn: ConsoleSignIn | null): string {
  const provider = signIn ? ` ${new URL(signIn.issuer).origin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self'${provider}`,
    `frame-src 'self'${provider}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    `form-action 'self'${provider}`,
    "object-src 'none'",
  ].join('; ');
}
