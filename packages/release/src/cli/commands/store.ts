import { readAudit } from '../../store/audit';
import * as commands from '../../commands';
import { parseDuration } from '../../durations';
import { collectGarbage } from '../../environments/gc';
import { usage } from '../options';
import { lines, pairsOf, wholeNumber, type Command } from '../command';

// The store's own commands: set it up, put a build in it, check and tidy what it holds, read its log.

export const init: Command = {
  usage: `  init --public-url <url> [--host <env>=<url>]… [--host-build <env>=<dir>]… [--require-reason <env>]…
       [--role <env>=<role>]…                     (roles that may change an environment from the release console)
                                                  set up a store: where its remotes/ folder is served, each
                                                  environment's host (what manifests are checked against) and,
                                                  for prerendered pages, its host build (rendered at every change)`,
  options: ['public-url', 'host-build', 'require-reason', 'role'],
  run: ({ store, who, values, here }) =>
    lines(
      commands.init(
        store,
        {
          publicUrl:
            values['public-url'] ?? usage("Where is the store's remotes/ folder served? Give --public-url <url>."),
          hosts: Object.fromEntries(pairsOf(values.host, 'host', '<env>=<url>')),
          hostBuilds: Object.fromEntries(
            pairsOf(values['host-build'], 'host-build', '<env>=<dir>').map(([env, dir]) => [env, here(dir)]),
          ),
          requireReason: values['require-reason'] ?? [],
          // Several roles for one environment: --role production=release-manager --role production=sre.
          roles: pairsOf(values.role, 'role', '<env>=<role>').reduce<Record<string, string[]>>(
            (roles, [env, role]) => ({ ...roles, [env]: [...(roles[env] ?? []), role] }),
            {},
          ),
        },
        who,
      ),
    ),
};

export const publish: Command = {
  usage: `  publish <dist>                                  upload a remote's build to remotes/<name>/<version>/ (once per version)`,
  options: [],
  run: ({ store, who, args, here }) =>
    lines(commands.publish(store, here(args[0] ?? usage('Which build? Give the dist folder: publish <dist>.')), who)),
};

export const verify: Command = {
  usage: `  verify [<name>[@<version>]]                     every stored file against the hash recorded when it was published`,
  options: [],
  run: ({ store, args }) => lines(commands.verify(store, args[0])),
};

export const gc: Command = {
  usage: `  gc [--keep-revisions 20] [--grace 7d] [--dry-run]
                                                  remove expired previews and builds no environment's current or
                                                  last N revisions use, published before the grace period
                                                  (recorded in the audit log; a removed version is never reused)`,
  options: ['keep-revisions', 'grace'],
  run: ({ store, who, options, values }) => {
    const keep = wholeNumber(values['keep-revisions'], '--keep-revisions takes a whole number of at least 1.', 1);
    return lines(
      collectGarbage(store, who, {
        ...(keep !== undefined ? { keepRevisions: keep } : {}),
        ...(values.grace !== undefined ? { graceMs: parseDuration(values.grace) } : {}),
        ...(options.dryRun ? { dryRun: true } : {}),
      }),
    );
  },
};

export const cors: Command = {
  usage: `  cors [--apply]                                  the bucket's CORS rules for hosts that read it directly (JSON for
                                                  put-bucket-cors), or set on an S3 store with --apply`,
  options: ['apply'],
  run: ({ store, values }) => lines(commands.cors(store, values.apply ?? false)),
};

export const audit: Command = {
  usage: `  audit [--json]                                  the store's own log: settings changes, previews, held rollout ticks, gc`,
  options: [],
  run: async ({ store, values }) => (values.json ? { json: await readAudit(store) } : lines(commands.audit(store))),
};
