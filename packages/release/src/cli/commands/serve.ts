import { formatDuration, parseDuration } from '../../durations';
import { consolePages } from '../../service/console-pages';
import { startReleaseService } from '../../service/server';
import { usage } from '../options';
import type { Command } from '../command';

/**
 * `serve`: the release service, until SIGTERM or SIGINT (then it ends its look in progress and
 * stops): the rollouts' controller, and the release console (read-only unless a provider is given).
 */
export const serve: Command = {
  usage: `  serve [--listen 127.0.0.1:4400] [--look-every 5s] [--prometheus <url>]
        [--issuer <url> --client-id <id> --audience <uri> [--roles-claim roles] [--public-origin <url>]]
        [--read anyone|signed-in]
                                                  the release service: looks at every running rollout of every
                                                  environment on schedule (no watcher needed; several may run),
                                                  with /healthz and /metrics, and the release console at /
                                                  (read-only without a provider; changes need a role init --role names)`,
  options: [
    'listen',
    'look-every',
    'prometheus',
    'issuer',
    'client-id',
    'audience',
    'roles-claim',
    'public-origin',
    'read',
  ],
  run: async ({ store, values }) => {
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
  },
};
