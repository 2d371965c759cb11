import { parseContributions, type Contribution } from '@mfe/manifest';
import type { ParseArgsConfig } from 'node:util';
import { ReleaseError } from '../errors';
import { parseDuration } from '../durations';
import { definedOnly, type PolicyChoices } from '../rollouts/rollout-policy';

// mfe-release's command line: the options it knows, how it refuses, and how it reads the options
// several commands share.

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
  'with-canaries': { type: 'boolean', default: false },
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
