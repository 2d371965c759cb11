import * as commands from '../../commands';
import { parseDuration } from '../../durations';
import { preview as previewBuild } from '../../environments/preview';
import { contributionsOption, usage } from '../options';
import { lines, pairsOf, wholeNumber, type Command } from '../command';

// The commands that change an environment's manifest: each checked as its host will read it, recorded
// as a revision, and guarded by --expect and --dry-run (the scope's options).

export const deploy: Command = {
  usage: `  deploy <name>@<version> --env <env> [--path /x --label "X" --label-in de="X" … --order N --public]
          [--contributions '[{"slot":"account.profile.aside","module":"referral-card"}]']
                                                  what it puts in other pages' slots (replaces its list; '[]'
                                                  removes them); the manifest's rules check each one`,
  options: ['path', 'label', 'label-in', 'order', 'public', 'contributions'],
  run: ({ acting, values, args }) => {
    const order = wholeNumber(values.order, '--order takes a whole number.');
    return lines(
      commands.deploy(acting(), args[0] ?? usage('What to deploy? deploy <name>@<version> --env <env>.'), {
        ...(values.path ? { path: values.path } : {}),
        ...(values.label ? { label: values.label } : {}),
        ...(order !== undefined ? { order } : {}),
        ...(values.public !== undefined ? { public: values.public } : {}),
        ...(values.contributions !== undefined ? { contributions: contributionsOption(values.contributions) } : {}),
        ...(values['label-in']?.length
          ? { labels: Object.fromEntries(pairsOf(values['label-in'], 'label-in', '<locale>=<label>')) }
          : {}),
      }),
    );
  },
};

export const canary: Command = {
  usage: `  canary <name>@<version> --env <env> --percent N  a candidate beside the stable build for N % of browsers
  canary <name> --env <env> (--percent N | --promote | --abort)`,
  options: ['percent', 'promote', 'abort'],
  run: ({ acting, values, args }) => {
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
    return lines(commands.canary(acting(), target, step));
  },
};

export const promote: Command = {
  usage: `  promote --from <env> --to <env> [<name>…]       the same files, never a rebuild (default: every remote)`,
  options: ['from', 'to'],
  run: ({ acting, values, args }) => {
    const from = values.from ?? usage('Promote from where? Give --from <env>.');
    const to = values.to ?? usage('Promote to where? Give --to <env>.');
    return lines(commands.promote(acting(to), from, [...args]));
  },
};

export const rollback: Command = {
  usage: `  rollback --env <env> [--to <revision>]          default: the revision before the current one
          [--with-canaries]                       bring back the canaries it had (left out by default:
                                                  no rollout would judge them)`,
  options: ['to', 'with-canaries'],
  run: ({ acting, values }) => {
    const to = wholeNumber(values.to, '--to takes a revision number (history lists them).');
    return lines(commands.rollback(acting(), to, { withCanaries: values['with-canaries'] }));
  },
};

export const preview: Command = {
  usage: `  preview <dist> --env <env> [--ttl 3d]             publish a branch build and print a link that opens <env>'s host
                                                  with it (everything else as in <env>), until it expires`,
  options: ['ttl', 'path', 'label'],
  run: ({ acting, values, args, here }) => {
    const dist = here(args[0] ?? usage('Which build? preview <dist> --env <env>.'));
    return lines(
      previewBuild(acting(), dist, {
        ttlMs: parseDuration(values.ttl!),
        placement: { ...(values.path ? { path: values.path } : {}), ...(values.label ? { label: values.label } : {}) },
      }),
    );
  },
};

export const pages: Command = {
  usage: `  pages --env <env>                               render <env>'s prerendered pages again (after deploying its host)`,
  options: [],
  run: ({ store, env, options }) => lines(commands.pages(store, env(), options)),
};
