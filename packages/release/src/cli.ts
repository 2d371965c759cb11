import { resolve } from 'node:path';
import { parseTarget } from './target';
import { parseArgs } from 'node:util';
import { readAudit } from './audit';
import * as commands from './commands';
import { collectGarbage } from './gc';
import { isReleaseError } from './errors';
import { contributionsOption, OPTIONS, policyChoices, usage, USAGE } from './cli-options';
import { formatDuration, parseDuration } from './durations';
import type { ObjectStore } from './object-store';
import { consolePages } from './service/console-pages';
import { startReleaseService } from './service/server';
import { defaultActor, openStore, quietSdkNodeWarning } from './open-store';
import { preview } from './preview';
import { controlRollout, rolloutStatus, rolloutStatusData, startRollout, tickRollout, watchRollout } from './rollout';
import { ENDINGS } from './rollout-state';
import { setPolicy } from './rollout-policy';

async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: OPTIONS,
  });
  const [command, ...rest] = positionals;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!command) return usage(`Which command?\n\n${USAGE}`);
  const address = values.store ?? process.env.MFE_RELEASE_STORE;
  if (!address) usage('Which store? Give --store <folder | s3://bucket/prefix> (or MFE_RELEASE_STORE).');
  // pnpm runs the script inside this package: paths are meant from where the user typed them.
  const here = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);
  if (address.startsWith('s3://')) {
    const note = quietSdkNodeWarning(process.versions.node, process.env);
    if (note) console.error(note);
  }
  const store = openStore(address.startsWith('s3://') ? address : here(address), {
    ...((values['s3-endpoint'] ?? process.env.MFE_RELEASE_S3_ENDPOINT)
      ? { s3Endpoint: values['s3-endpoint'] ?? process.env.MFE_RELEASE_S3_ENDPOINT }
      : {}),
  });
  const env = () => values.env?.[0] ?? usage('Which environment? Give --env <name>.');
  const expect = values.expect === undefined ? undefined : Number(values.expect.replace('#', ''));
  if (expect !== undefined && !(Number.isInteger(expect) && expect >= 0))
    usage('--expect takes a revision number (history lists them).');
  const who = {
    actor: values.actor ?? defaultActor(),
    reason: values.reason ?? '',
    ...(command !== 'init' && values.host?.[0] ? { host: values.host[0] } : {}),
    ...(expect !== undefined ? { expect } : {}),
    ...(values['dry-run'] ? { dryRun: true } : {}),
  };
  const printJson = (value: unknown) => {
    console.log(JSON.stringify(value, null, 2));
    return 0;
  };
  // With --json, standard output carries one JSON document; what is said along the way goes to standard error.
  const say = (line: string) => (values.json ? console.error(line) : console.log(line));
  /** Watches a rollout to its end: the ending's stable code on the last line, its own exit status (ENDINGS). */
  const watchToTheEnd = async (remote: string): Promise<number> => {
    const status = await watchRollout({ store, env: env(), who }, remote, say);
    const ending = ENDINGS[status];
    if (values.json) printJson({ ok: status === 'promoted', ...(await rolloutStatusData(store, env(), remote)) });
    else console.log(`${status === 'promoted' ? '✔' : '✖'} rollout ${status}: ${ending.means}\n  (${ending.code})`);
    return ending.exit;
  };
  let lines: string[];
  switch (command) {
    case 'init': {
      const pairs = (option: 'host' | 'host-build', what: string, value: (text: string) => string = (text) => text) =>
        Object.fromEntries(
          (values[option] ?? []).map((pair) =>
            pair.includes('=')
              ? [pair.slice(0, pair.indexOf('=')), value(pair.slice(pair.indexOf('=') + 1))]
              : usage(`--${option} ${pair}: write <env>=<${what}>.`),
          ),
        );
      lines = await commands.init(
        store,
        values['public-url'] ?? usage("Where is the store's remotes/ folder served? Give --public-url <url>."),
        pairs('host', 'url'),
        pairs('host-build', 'dir', here),
        values['require-reason'] ?? [],
        who,
        // Several roles for one environment: --role production=release-manager --role production=sre.
        (values.role ?? []).reduce<Record<string, string[]>>((roles, pair) => {
          const [env, role] = pair.includes('=')
            ? [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]
            : usage(`--role ${pair}: write <env>=<role>.`);
          return { ...roles, [env]: [...(roles[env] ?? []), role] };
        }, {}),
      );
      break;
    }
    case 'publish':
      lines = await commands.publish(
        store,
        here(rest[0] ?? usage('Which build? Give the dist folder: publish <dist>.')),
        who,
      );
      break;
    case 'deploy': {
      const order = values.order === undefined ? undefined : Number(values.order);
      if (order !== undefined && !Number.isInteger(order)) usage('--order takes a whole number.');
      lines = await commands.deploy(
        { store, env: env(), who },
        rest[0] ?? usage('What to deploy? deploy <name>@<version> --env <env>.'),
        {
          ...(values.path ? { path: values.path } : {}),
          ...(values.label ? { label: values.label } : {}),
          ...(order !== undefined ? { order } : {}),
          ...(values.public !== undefined ? { public: values.public } : {}),
          ...(values.contributions !== undefined ? { contributions: contributionsOption(values.contributions) } : {}),
          ...(values['label-in']?.length
            ? {
                labels: Object.fromEntries(
                  values['label-in'].map((pair) =>
                    pair.includes('=')
                      ? [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]
                      : usage(`--label-in ${pair}: write <locale>=<label>.`),
                  ),
                ),
              }
            : {}),
        },
      );
      break;
    }
    case 'canary': {
      const target = rest[0] ?? usage('Which remote? canary <name>[@<version>] --env <env> --percent N.');
      const percent = values.percent === undefined ? undefined : Number(values.percent);
      if (percent !== undefined && !(percent >= 0 && percent <= 100)) usage('--percent takes a share from 0 to 100.');
      const steps = [percent !== undefined, values.promote, values.abort].filter(Boolean).length;
      if (steps !== 1) usage('Say one of --percent N, --promote or --abort.');
      const step = values.promote
        ? ({ kind: 'promote' } as const)
        : values.abort
          ? ({ kind: 'abort' } as const)
          : ({ kind: 'share', percent: percent! } as const);
      lines = await commands.canary({ store, env: env(), who }, target, step);
      break;
    }
    case 'rollout': {
      const [verb, target] = rest;
      if (!target) usage('rollout <start|tick|watch|pause|resume|abort|status> <name> --env <env>.');
      if (verb === 'start') {
        const options = {
          ...policyChoices(values),
          prometheus: values.prometheus ?? usage('Where are the error rates? Give --prometheus <url>.'),
        };
        lines = await startRollout({ store, env: env(), who }, target, options);
        if (values.watch) {
          for (const line of lines) say(line);
          return watchToTheEnd(parseTarget(target).name);
        }
      } else if (verb === 'tick') lines = await tickRollout({ store, env: env(), who }, target);
      else if (verb === 'watch') return watchToTheEnd(target);
      else if (verb === 'pause' || verb === 'resume' || verb === 'abort')
        lines = await controlRollout({ store, env: env(), who }, target, verb);
      else if (verb === 'status') {
        if (values.json) return printJson(await rolloutStatusData(store, env(), target));
        lines = await rolloutStatus(store, env(), target);
      } else return usage(`"rollout ${verb}" is not a command: start, tick, watch, pause, resume, abort or status.`);
      break;
    }
    case 'policy':
      lines = await setPolicy({ store, env: env(), who }, policyChoices(values), { reset: values.reset });
      break;
    case 'promote': {
      const from = values.from ?? usage('Promote from where? Give --from <env>.');
      const to = values.to ?? usage('Promote to where? Give --to <env>.');
      lines = await commands.promote({ store, env: to, who }, from, rest);
      break;
    }
    case 'rollback': {
      const to = values.to === undefined ? undefined : Number(values.to.replace('#', ''));
      if (to !== undefined && !Number.isInteger(to)) usage('--to takes a revision number (history lists them).');
      lines = await commands.rollback({ store, env: env(), who }, to);
      break;
    }
    case 'preview':
      {
        const dist = here(rest[0] ?? usage('Which build? preview <dist> --env <env>.'));
        lines = await preview({ store, env: env(), who }, dist, {
          ttlMs: parseDuration(values.ttl!),
          placement: {
            ...(values.path ? { path: values.path } : {}),
            ...(values.label ? { label: values.label } : {}),
          },
        });
      }
      break;
    case 'pages':
      lines = await commands.pages(store, env(), who);
      break;
    case 'history':
      if (values.json) return printJson(await commands.historyData(store, env()));
      lines = await commands.history(store, env());
      break;
    case 'diff':
      lines = await commands.diff(store, env(), rest[0], rest[1]);
      if (values.json)
        return printJson({
          env: env(),
          from: rest[0] ?? null,
          to: rest[1] ?? null,
          changes: lines[0] === 'no difference' ? [] : lines,
        });
      break;
    case 'status':
      if (values.json) return printJson(await commands.statusData(store, values.env ?? []));
      lines = await commands.status(store, values.env ?? []);
      break;
    case 'cors':
      lines = await commands.cors(store, values.apply ?? false);
      break;
    case 'audit':
      if (values.json) return printJson(await readAudit(store));
      lines = await commands.audit(store);
      break;
    case 'gc': {
      const keep = values['keep-revisions'] === undefined ? undefined : Number(values['keep-revisions']);
      if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1))
        usage('--keep-revisions takes a whole number of at least 1.');
      lines = await collectGarbage(store, who, {
        ...(keep !== undefined ? { keepRevisions: keep } : {}),
        ...(values.grace !== undefined ? { graceMs: parseDuration(values.grace) } : {}),
        ...(values['dry-run'] ? { dryRun: true } : {}),
      });
      break;
    }
    case 'verify':
      lines = await commands.verify(store, rest[0]);
      break;
    case 'serve':
      return serve(store, values);
    default:
      return usage(`"${command}" is not a command.`);
  }
  if (values.json) return printJson({ ok: true, lines });
  for (const line of lines) console.log(line);
  return 0;
}

/**
 * `serve`: the release service, until SIGTERM or SIGINT (then it ends its look in progress and
 * stops): the rollouts' controller, and the release console (read-only unless a provider is given).
 */
async function serve(store: ObjectStore, values: ServeValues): Promise<number> {
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
  return 0;
}

interface ServeValues {
  readonly listen?: string;
  readonly 'look-every'?: string;
  readonly issuer?: string;
  readonly 'client-id'?: string;
  readonly audience?: string;
  readonly 'roles-claim'?: string;
  readonly 'public-origin'?: string;
  readonly read?: string;
  readonly prometheus?: string;
}

const argv = process.argv.slice(2);
main(argv).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const usageError =
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS_') ||
      (isReleaseError(error) && error.code === 'RELEASE_USAGE');
    // The stable code a pipeline can branch on (the message's words may change), on the last line.
    const code = usageError ? 'RELEASE_USAGE' : isReleaseError(error) ? error.code : 'RELEASE_FAILED';
    const lines = isReleaseError(error) ? error.lines : [];
    if (argv.includes('--json'))
      console.log(JSON.stringify({ ok: false, code, message: (error as Error).message, lines }, null, 2));
    if (usageError) console.error(`${(error as Error).message}\n(mfe-release --help lists the commands)`);
    else {
      console.error(`✖ ${(error as Error).message}`);
      for (const line of lines) console.error(`  ${line}`);
    }
    console.error(`  (${code})`);
    process.exit(usageError ? 2 : 1);
  },
);
