import type { parseArgs } from 'node:util';
import { readAudit } from '../store/audit';
import * as commands from '../environments/commands';
import { formatDuration, parseDuration } from '../durations';
import { collectGarbage } from '../store/gc';
import type { ObjectStore } from '../store/object-store';
import { preview } from '../environments/preview';
import {
  controlRollout,
  rolloutStatus,
  rolloutStatusData,
  startRollout,
  tickRollout,
  watchRollout,
} from '../rollouts/rollout';
import { setPolicy } from '../rollouts/rollout-policy';
import { ENDINGS } from '../rollouts/rollout-state';
import { consolePages } from '../service/console-pages';
import { startReleaseService } from '../service/server';
import { parseTarget } from '../environments/target';
import type { Who } from '../environments/who';
import { contributionsOption, policyChoices, usage, type OPTIONS } from './options';

// mfe-release's commands, one entry per verb: each reads its arguments from the scope the command
// line made (cli.ts) and says what it did as lines, a JSON document, or its own exit status.

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

/** What every command gets: the store, who acts, the options given, and the words after the verb. */
export interface Scope {
  readonly store: ObjectStore;
  readonly who: Who;
  readonly values: Values;
  /** The words after the command's name. */
  readonly args: readonly string[];
  /** The one environment the command acts on (`--env`); refuses as bad usage when not given. */
  env(): string;
  /** A path as the user meant it, from where they typed the command. */
  here(path: string): string;
  /** Says a line along the way: on standard error with --json (standard output is the document's). */
  say(line: string): void;
}

/**
 * What a command did: lines to print (or, with --json, `{ ok, lines }`), or a document to print, with
 * its exit status when not 0 (a watched rollout's ending); or only an exit status (`serve`).
 */
export type Outcome =
  | { readonly lines: readonly string[]; readonly exit?: number }
  | { readonly json: unknown; readonly exit?: number }
  | { readonly exit: number };

type Command = (scope: Scope) => Promise<Outcome>;

const lines = async (made: Promise<readonly string[]>): Promise<Outcome> => ({ lines: await made });

/** `<key>=<value>` pairs of a repeatable option, refused as usage when one has no `=`. */
function pairsOf(given: readonly string[] | undefined, option: string, what: string): Array<[string, string]> {
  return (given ?? []).map((pair) =>
    pair.includes('=')
      ? [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]
      : usage(`--${option} ${pair}: write ${what}.`),
  );
}

/** Watches a rollout to its end: the ending's stable code on the last line, its own exit status (ENDINGS). */
async function watchToTheEnd({ store, env, who, values, say }: Scope, remote: string): Promise<Outcome> {
  const status = await watchRollout({ store, env: env(), who }, remote, say);
  const ending = ENDINGS[status];
  if (values.json)
    return {
      json: { ok: status === 'promoted', ...(await rolloutStatusData(store, env(), remote)) },
      exit: ending.exit,
    };
  return {
    lines: [`${status === 'promoted' ? '✔' : '✖'} rollout ${status}: ${ending.means}`, `  (${ending.code})`],
    exit: ending.exit,
  };
}

const init: Command = ({ store, who, values, here }) =>
  lines(
    commands.init(
      store,
      values['public-url'] ?? usage("Where is the store's remotes/ folder served? Give --public-url <url>."),
      Object.fromEntries(pairsOf(values.host, 'host', '<env>=<url>')),
      Object.fromEntries(
        pairsOf(values['host-build'], 'host-build', '<env>=<dir>').map(([env, dir]) => [env, here(dir)]),
      ),
      values['require-reason'] ?? [],
      who,
      // Several roles for one environment: --role production=release-manager --role production=sre.
      pairsOf(values.role, 'role', '<env>=<role>').reduce<Record<string, string[]>>(
        (roles, [env, role]) => ({ ...roles, [env]: [...(roles[env] ?? []), role] }),
        {},
      ),
    ),
  );

const deploy: Command = ({ store, env, who, values, args }) => {
  const order = values.order === undefined ? undefined : Number(values.order);
  if (order !== undefined && !Number.isInteger(order)) usage('--order takes a whole number.');
  return lines(
    commands.deploy(
      { store, env: env(), who },
      args[0] ?? usage('What to deploy? deploy <name>@<version> --env <env>.'),
      {
        ...(values.path ? { path: values.path } : {}),
        ...(values.label ? { label: values.label } : {}),
        ...(order !== undefined ? { order } : {}),
        ...(values.public !== undefined ? { public: values.public } : {}),
        ...(values.contributions !== undefined ? { contributions: contributionsOption(values.contributions) } : {}),
        ...(values['label-in']?.length
          ? { labels: Object.fromEntries(pairsOf(values['label-in'], 'label-in', '<locale>=<label>')) }
          : {}),
      },
    ),
  );
};

const canary: Command = ({ store, env, who, values, args }) => {
  const target = args[0] ?? usage('Which remote? canary <name>[@<version>] --env <env> --percent N.');
  const percent = values.percent === undefined ? undefined : Number(values.percent);
  if (percent !== undefined && !(percent >= 0 && percent <= 100)) usage('--percent takes a share from 0 to 100.');
  const steps = [percent !== undefined, values.promote, values.abort].filter(Boolean).length;
  if (steps !== 1) usage('Say one of --percent N, --promote or --abort.');
  const step = values.promote
    ? ({ kind: 'promote' } as const)
    : values.abort
      ? ({ kind: 'abort' } as const)
      : ({ kind: 'share', percent: percent! } as const);
  return lines(commands.canary({ store, env: env(), who }, target, step));
};

const rollout: Command = async (scope) => {
  const { store, env, who, values, args, say } = scope;
  const [verb, target] = args;
  if (!target) usage('rollout <start|tick|watch|pause|resume|abort|status> <name> --env <env>.');
  switch (verb) {
    case 'start': {
      const options = {
        ...policyChoices(values),
        prometheus: values.prometheus ?? usage('Where are the error rates? Give --prometheus <url>.'),
      };
      const started = await startRollout({ store, env: env(), who }, target, options);
      if (!values.watch) return { lines: started };
      for (const line of started) say(line);
      return watchToTheEnd(scope, parseTarget(target).name);
    }
    case 'tick':
      return lines(tickRollout({ store, env: env(), who }, target));
    case 'watch':
      return watchToTheEnd(scope, target);
    case 'pause':
    case 'resume':
    case 'abort':
      return lines(controlRollout({ store, env: env(), who }, target, verb));
    case 'status':
      return values.json
        ? { json: await rolloutStatusData(store, env(), target) }
        : lines(rolloutStatus(store, env(), target));
    default:
      return usage(`"rollout ${verb}" is not a command: start, tick, watch, pause, resume, abort or status.`);
  }
};

const promote: Command = ({ store, who, values, args }) => {
  const from = values.from ?? usage('Promote from where? Give --from <env>.');
  const to = values.to ?? usage('Promote to where? Give --to <env>.');
  return lines(commands.promote({ store, env: to, who }, from, [...args]));
};

const rollback: Command = ({ store, env, who, values }) => {
  const to = values.to === undefined ? undefined : Number(values.to.replace('#', ''));
  if (to !== undefined && !Number.isInteger(to)) usage('--to takes a revision number (history lists them).');
  return lines(commands.rollback({ store, env: env(), who }, to));
};

const previewCommand: Command = ({ store, env, who, values, args, here }) => {
  const dist = here(args[0] ?? usage('Which build? preview <dist> --env <env>.'));
  return lines(
    preview({ store, env: env(), who }, dist, {
      ttlMs: parseDuration(values.ttl!),
      placement: { ...(values.path ? { path: values.path } : {}), ...(values.label ? { label: values.label } : {}) },
    }),
  );
};

const diff: Command = async ({ store, env, values, args }) => {
  const changes = await commands.diff(store, env(), args[0], args[1]);
  if (!values.json) return { lines: changes };
  return {
    json: {
      env: env(),
      from: args[0] ?? null,
      to: args[1] ?? null,
      changes: changes[0] === 'no difference' ? [] : changes,
    },
  };
};

const gc: Command = ({ store, who, values }) => {
  const keep = values['keep-revisions'] === undefined ? undefined : Number(values['keep-revisions']);
  if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1))
    usage('--keep-revisions takes a whole number of at least 1.');
  return lines(
    collectGarbage(store, who, {
      ...(keep !== undefined ? { keepRevisions: keep } : {}),
      ...(values.grace !== undefined ? { graceMs: parseDuration(values.grace) } : {}),
      ...(values['dry-run'] ? { dryRun: true } : {}),
    }),
  );
};

/**
 * `serve`: the release service, until SIGTERM or SIGINT (then it ends its look in progress and
 * stops): the rollouts' controller, and the release console (read-only unless a provider is given).
 */
const serve: Command = async ({ store, values }) => {
  const listen = values.listen ?? '127.0.0.1:4400';
  const at = listen.lastIndexOf(':');
  const port = Number(listen.slice(at + 1));
  if (at < 1 || !Number.isInteger(port) || port < 0 || port > 65_535)
    usage(`--listen takes <address>:<port> (such as 127.0.0.1:4400), not ${JSON.stringify(listen)}.`);
  const lookEveryMs = parseDuration(values['look-every'] ?? '5s');
  if (lookEveryMs < 100) usage('--look-every takes 100ms or more.');
  const read = values.read ?? (values.issuer ? 'signed-in' : 'anyone');
  if (read !== 'anyone' && read !== 'signed-in') usage('--read takes anyone or signed-in.');
  const given = [values.issuer, values['client-id'], values.audience].filter(Boolean).length;
  if (given !== 0 && given !== 3)
    usage('Sign-in takes --issuer, --client-id and --audience together (or none: a read-only console).');
  const host = listen.slice(0, at).replace(/^\[|\]$/g, '');
  const service = await startReleaseService({
    store,
    host,
    port,
    lookEveryMs,
    log: (line) => console.log(`${new Date().toISOString()} ${line}`),
    console: {
      signIn: values.issuer
        ? {
            issuer: values.issuer,
            clientId: values['client-id']!,
            audience: values.audience!,
            rolesClaim: values['roles-claim'] ?? 'roles',
            publicOrigin: new URL(values['public-origin'] ?? `http://${listen}`).origin,
          }
        : null,
      read,
      prometheusFor: () => values.prometheus,
      pages: consolePages(),
    },
  });
  console.log(
    `release service for ${store.where} at ${service.url}: every running rollout looked at every ${formatDuration(lookEveryMs)}; the console at /${values.issuer ? ` (sign-in through ${values.issuer})` : ' (read-only: no sign-in given)'}; /healthz, /metrics`,
  );
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', () => resolve());
    process.once('SIGINT', () => resolve());
  });
  await service.close();
  return { exit: 0 };
};

/** Every command by its name, as `mfe-release <command>` looks it up. */
export const COMMANDS: Readonly<Record<string, Command>> = {
  init,
  publish: ({ store, who, args, here }) =>
    lines(commands.publish(store, here(args[0] ?? usage('Which build? Give the dist folder: publish <dist>.')), who)),
  deploy,
  canary,
  rollout,
  policy: ({ store, env, who, values }) =>
    lines(setPolicy({ store, env: env(), who }, policyChoices(values), { reset: values.reset })),
  promote,
  rollback,
  preview: previewCommand,
  pages: ({ store, env, who }) => lines(commands.pages(store, env(), who)),
  history: async ({ store, env, values }) =>
    values.json ? { json: await commands.historyData(store, env()) } : lines(commands.history(store, env())),
  diff,
  status: async ({ store, values }) =>
    values.json
      ? { json: await commands.statusData(store, values.env ?? []) }
      : lines(commands.status(store, values.env ?? [])),
  cors: ({ store, values }) => lines(commands.cors(store, values.apply ?? false)),
  audit: async ({ store, values }) => (values.json ? { json: await readAudit(store) } : lines(commands.audit(store))),
  gc,
  verify: ({ store, args }) => lines(commands.verify(store, args[0])),
  serve,
};
