import { parseContributions, type Contribution } from '@mfe/manifest';
import type { ParseArgsConfig } from 'node:util';
import { ReleaseError } from '../errors';
import { parseDuration } from '../durations';
import { ENDINGS } from '../rollouts/rollout-state';
import { definedOnly, type PolicyChoices } from '../rollouts/rollout-policy';

// mfe-release's command line: what it says for --help, the options it takes, and how it refuses.

export const USAGE = `Usage: mfe-release <command> --store <folder | s3://bucket/prefix> [options]
       (in this repository: pnpm release …)

  init --public-url <url> [--host <env>=<url>]… [--host-build <env>=<dir>]… [--require-reason <env>]…
       [--role <env>=<role>]…                     (roles that may change an environment from the release console)
                                                  set up a store: where its remotes/ folder is served, each
                                                  environment's host (what manifests are checked against) and,
                                                  for prerendered pages, its host build (rendered at every change)
  publish <dist>                                  upload a remote's build to remotes/<name>/<version>/ (once per version)
  deploy <name>@<version> --env <env> [--path /x --label "X" --label-in de="X" … --order N --public]
          [--contributions '[{"slot":"account.profile.aside","module":"referral-card"}]']
                                                  what it puts in other pages' slots (replaces its list; '[]'
                                                  removes them); the manifest's rules check each one
  canary <name>@<version> --env <env> --percent N  a candidate beside the stable build for N % of browsers
  canary <name> --env <env> (--percent N | --promote | --abort)
  rollout start <name>@<version> --env <env> --prometheus <url> [policy options] [--watch]
                                                  a canary moved through the shares, judged from Prometheus after
                                                  each interval: on when shown within the margin, rolled back on
                                                  its own when shown worse, else it waits (a share's longest
                                                  time ends it: --at-max-step); without figures for
                                                  --hold-limit, back to the stable build; a change someone else
                                                  makes to the remote stops it
  policy --env <env> [policy options | --reset]   the environment's rollout policy: shown, or set (each option
                                                  given over the policy; rollout start's options over both)
          policy options, with their defaults: [--steps 5,25,50,100] [--interval 10m] [--max-step 2h]
          [--at-max-step promote|rollback|wait] [--min-loads 100] [--margin 0.01 | --margin 50%]
          [--ceiling 0.05] [--alpha 0.05] [--hold-limit 1h]   (--margin N %: relative to stable's rate)
  rollout (tick | watch | pause | resume | abort | status) <name> --env <env>
  promote --from <env> --to <env> [<name>…]       the same files, never a rebuild (default: every remote)
  rollback --env <env> [--to <revision>]          default: the revision before the current one
  preview <dist> --env <env> [--ttl 3d]             publish a branch build and print a link that opens <env>'s host
                                                  with it (everything else as in <env>), until it expires
  pages --env <env>                               render <env>'s prerendered pages again (after deploying its host)
  history --env <env> [--json]
  diff --env <env> [<from>] [<to>] [--json]       revisions (#12), current, or another environment; one: what
                                                  making it current would change; none: the last change
  status [--env <env>]… [--json]
  verify [<name>[@<version>]]                     every stored file against the hash recorded when it was published
  gc [--keep-revisions 20] [--grace 7d] [--dry-run]
                                                  remove expired previews and builds no environment's current or
                                                  last N revisions use, published before the grace period
                                                  (recorded in the audit log; a removed version is never reused)
  cors [--apply]                                  the bucket's CORS rules for hosts that read it directly (JSON for
                                                  put-bucket-cors), or set on an S3 store with --apply
  audit [--json]                                  the store's own log: settings changes, previews, held rollout ticks, gc
  serve [--listen 127.0.0.1:4400] [--look-every 5s] [--prometheus <url>]
        [--issuer <url> --client-id <id> --audience <uri> [--roles-claim roles] [--public-origin <url>]]
        [--read anyone|signed-in]
                                                  the release service: looks at every running rollout of every
                                                  environment on schedule (no watcher needed; several may run),
                                                  with /healthz and /metrics, and the release console at /
                                                  (read-only without a provider; changes need a role init --role names)

Every change is checked as the environment's host will read it before it becomes current, and is
recorded with --actor (default: from the CI system, else the user) and --reason. On any command that
changes an environment: --expect <revision> refuses unless the environment is still at that revision;
--dry-run checks and prints what would change, and changes nothing.
Options: --host <url> (this environment's host, instead of the store's), --s3-endpoint <url>
(an S3-compatible server; also MFE_RELEASE_S3_ENDPOINT), MFE_RELEASE_STORE for --store.
Exit codes: 0 changed (or, for reading commands, read), 1 refused, failed or nothing to do (one line
per problem), 2 bad usage; a refusal's stable code is on its last line. A watched rollout exits with
its ending's: ${Object.entries(ENDINGS)
  .map(([ending, { exit }]) => `${exit} ${ending}`)
  .join(', ')}. --json: one JSON document on standard output, refusals included.`;

export const OPTIONS = {
  store: { type: 'string' },
  's3-endpoint': { type: 'string' },
  env: { type: 'string', multiple: true },
  from: { type: 'string' },
  to: { type: 'string' },
  host: { type: 'string', multiple: true },
  'host-build': { type: 'string', multiple: true },
  'public-url': { type: 'string' },
  actor: { type: 'string' },
  reason: { type: 'string', default: '' },
  path: { type: 'string' },
  label: { type: 'string' },
  'label-in': { type: 'string', multiple: true },
  contributions: { type: 'string' },
  order: { type: 'string' },
  percent: { type: 'string' },
  public: { type: 'boolean' },
  promote: { type: 'boolean', default: false },
  abort: { type: 'boolean', default: false },
  prometheus: { type: 'string' },
  steps: { type: 'string' },
  interval: { type: 'string' },
  reset: { type: 'boolean', default: false },
  'min-loads': { type: 'string' },
  margin: { type: 'string' },
  ceiling: { type: 'string' },
  alpha: { type: 'string' },
  'hold-limit': { type: 'string' },
  'max-step': { type: 'string' },
  'at-max-step': { type: 'string' },
  watch: { type: 'boolean', default: false },
  ttl: { type: 'string', default: '3d' },
  expect: { type: 'string' },
  'require-reason': { type: 'string', multiple: true },
  role: { type: 'string', multiple: true },
  'keep-revisions': { type: 'string' },
  grace: { type: 'string' },
  apply: { type: 'boolean', default: false },
  'dry-run': { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  listen: { type: 'string' },
  'look-every': { type: 'string' },
  issuer: { type: 'string' },
  'client-id': { type: 'string' },
  audience: { type: 'string' },
  'roles-claim': { type: 'string' },
  'public-origin': { type: 'string' },
  read: { type: 'string' },
  help: { type: 'boolean', default: false },
} satisfies ParseArgsConfig['options'];

/** Bad usage (RELEASE_USAGE, as every refusal of what was typed): exit code 2, with a pointer to --help. */
export function usage(message: string): never {
  throw new ReleaseError('RELEASE_USAGE', message);
}

/** `10m`, `30s`, `1h`, `3d`, `500ms` → milliseconds. */
/** `--contributions <JSON list>`, read by the manifest's rules for contributions. */
export function contributionsOption(json: string): Contribution[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return usage(
      `--contributions takes a JSON list, e.g. '[{"slot":"account.profile.aside","module":"referral-card"}]'.`,
    );
  }
  const read = parseContributions(parsed);
  return read.ok ? read.contributions : usage(`--contributions: ${read.problem}.`);
}

type PolicyOption =
  'steps' | 'interval' | 'min-loads' | 'margin' | 'ceiling' | 'alpha' | 'hold-limit' | 'max-step' | 'at-max-step';

/** The policy options given (rollout start, policy); what is not given is left out. */
export function policyChoices(values: Partial<Record<PolicyOption, string>>): PolicyChoices {
  const number = (option: PolicyOption, low: number, high: number, text = values[option]) => {
    if (text === undefined) return undefined;
    const value = Number(text);
    return value > low && value < high
      ? value
      : usage(`--${option} takes a number between ${low} and ${high}, not ${text}.`);
  };
  const duration = (option: PolicyOption) => (values[option] ? parseDuration(values[option]) : undefined);
  const margin = values.margin?.trim();
  const relative = margin?.endsWith('%');
  const atMaxStep = values['at-max-step'];
  const choices: PolicyChoices = {
    steps: values.steps?.split(',').map(Number),
    intervalMs: duration('interval'),
    maxStepMs: duration('max-step'),
    holdLimitMs: duration('hold-limit'),
    atMaxStep:
      atMaxStep === undefined
        ? undefined
        : atMaxStep === 'promote' || atMaxStep === 'rollback' || atMaxStep === 'wait'
          ? atMaxStep
          : usage(`--at-max-step takes promote, rollback or wait, not ${atMaxStep}.`),
    minLoads: number('min-loads', 0, 1e9),
    ...(relative
      ? { relativeMargin: number('margin', 0, 1000, margin!.slice(0, -1))! / 100 }
      : { margin: number('margin', 0, 1) }),
    ceiling: number('ceiling', 0, 100),
    alpha: number('alpha', 0, 0.5),
  };
  return definedOnly(choices);
}
