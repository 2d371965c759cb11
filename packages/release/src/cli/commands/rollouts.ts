import {
  controlRollout,
  rolloutStatus,
  rolloutStatusData,
  startRollout,
  tickRollout,
  watchRollout,
} from '../../rollouts/rollout';
import { setPolicy } from '../../rollouts/rollout-policy';
import { ENDINGS } from '../../rollouts/rollout-state';
import { parseTarget } from '../../store/target';
import { policyChoices, usage } from '../options';
import { lines, type Command, type Option, type Outcome, type Scope } from '../command';

// Rollouts: a canary moved through its shares by the figures, and the environment's policy for them.

const POLICY_OPTIONS: readonly Option[] = [
  'steps',
  'interval',
  'max-step',
  'at-max-step',
  'min-loads',
  'margin',
  'ceiling',
  'alpha',
  'hold-limit',
];

export const rollout: Command = {
  usage: `  rollout start <name>@<version> --env <env> --prometheus <url> [policy options] [--watch]
                                                  a canary moved through the shares, judged from Prometheus after
                                                  each interval: on when shown within the margin, rolled back on
                                                  its own when shown worse, else it waits (a share's longest
                                                  time ends it: --at-max-step); without figures for
                                                  --hold-limit, back to the stable build; a change someone else
                                                  makes to the remote stops it
  rollout (tick | watch | pause | resume | abort | status) <name> --env <env>`,
  options: [...POLICY_OPTIONS, 'prometheus', 'watch'],
  run: async (scope) => {
    const { store, env, acting, values, args, say } = scope;
    const [verb, target] = args;
    if (!target) usage('rollout <start|tick|watch|pause|resume|abort|status> <name> --env <env>.');
    switch (verb) {
      case 'start': {
        const chosen = {
          ...policyChoices(values),
          prometheus: values.prometheus ?? usage('Where are the error rates? Give --prometheus <url>.'),
        };
        const started = await startRollout(acting(), target, chosen);
        if (!values.watch) return { lines: started };
        for (const line of started) say(line);
        return watchToTheEnd(scope, parseTarget(target).name);
      }
      case 'tick':
        return lines(tickRollout(acting(), target));
      case 'watch':
        return watchToTheEnd(scope, target);
      case 'pause':
      case 'resume':
      case 'abort':
        return lines(controlRollout(acting(), target, verb));
      case 'status':
        return values.json
          ? { json: await rolloutStatusData(store, env(), target) }
          : lines(rolloutStatus(store, env(), target));
      default:
        return usage(`"rollout ${verb}" is not a command: start, tick, watch, pause, resume, abort or status.`);
    }
  },
};

export const policy: Command = {
  usage: `  policy --env <env> [policy options | --reset]   the environment's rollout policy: shown, or set (each option
                                                  given over the policy; rollout start's options over both)
          policy options, with their defaults: [--steps 5,25,50,100] [--interval 10m] [--max-step 2h]
          [--at-max-step promote|rollback|wait] [--min-loads 100] [--margin 0.01 | --margin 50%]
          [--ceiling 0.05] [--alpha 0.05] [--hold-limit 1h]   (--margin N %: relative to stable's rate)`,
  options: [...POLICY_OPTIONS, 'reset'],
  run: ({ acting, values }) => lines(setPolicy(acting(), policyChoices(values), { reset: values.reset })),
};

/** Watches a rollout to its end: the ending's stable code on the last line, its own exit status (ENDINGS). */
async function watchToTheEnd({ store, env, acting, values, say }: Scope, remote: string): Promise<Outcome> {
  const status = await watchRollout(acting(), remote, say);
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
