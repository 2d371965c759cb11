import * as v from 'valibot';
import rules from '../rules.json';
import { localeTag } from './config-fields';
import { LABEL_MAX_LENGTH, LABEL_PATTERN, RULES_EXPLAINED } from './rules';
import { describeIssues } from './validation';

/**
 * A remote's contributions to slots that other pages or the shell offer (manifest schema version 4):
 * which of its contribution modules fills which slot, in what order, for whom. Written by
 * platform engineers (`mfe-release deploy --contribute`), so who fills a slot changes without
 * rebuilding anyone; the contribution itself travels with its remote's version.
 */
export const SLOT_PATTERN = new RegExp(rules.contributions.slotPattern);
export const CONTRIBUTION_MODULE_PATTERN = new RegExp(rules.contributions.modulePattern);
export const MAX_CONTRIBUTIONS_PER_REMOTE: number = rules.contributions.maxPerRemote;
/** Where a remote keeps its contributions (one file each), for the preset and the scaffold. */
export const CONTRIBUTIONS_FOLDER: string = rules.contributions.sourceFolder;

export { contributionExpose } from './remote-build';

/** Who may use an area or see a contribution: any one of `roles` (from the roles claim) and every one of `scopes`. */
export const RequiresSchema = v.strictObject({
  roles: v.optional(v.array(v.pipe(v.string(), v.minLength(1)))),
  scopes: v.optional(v.array(v.pipe(v.string(), v.minLength(1)))),
});

const LabelSchema = v.pipe(
  v.string(),
  v.maxLength(LABEL_MAX_LENGTH, `must be ${RULES_EXPLAINED.label}`),
  v.regex(LABEL_PATTERN, `must be ${RULES_EXPLAINED.label}`),
);

export const ContributionSchema = v.strictObject(
  {
    slot: v.pipe(v.string(), v.regex(SLOT_PATTERN, `must be ${rules.contributions.slotExplain}`)),
    module: v.pipe(v.string(), v.regex(CONTRIBUTION_MODULE_PATTERN, `must be ${rules.contributions.moduleExplain}`)),
    /** Lower first; ties by remote name. */
    order: v.optional(v.pipe(v.number(), v.integer()), 100),
    /** Shown only to a signed-in person (and nothing of it downloaded for anyone else). */
    requiresAuth: v.optional(v.boolean(), true),
    /** Who may see it: any one of `roles` and every one of `scopes`, as an area's `requires`. */
    requires: v.optional(RequiresSchema),
    /** Its accessible name (the region's label) in the default language, and in others by locale. */
    label: v.optional(LabelSchema),
    labels: v.optional(v.record(localeTag, LabelSchema)),
  },
  (issue) =>
    issue.expected === 'never'
      ? 'is not a field of a contribution'
      : 'must be an object with slot and module (see the manifest schema)',
);

export type Contribution = v.InferOutput<typeof ContributionSchema>;

export const ContributionsSchema = v.pipe(
  v.array(ContributionSchema, 'must be a list of contributions'),
  v.maxLength(MAX_CONTRIBUTIONS_PER_REMOTE, `must list at most ${MAX_CONTRIBUTIONS_PER_REMOTE} contributions`),
  v.check(
    (list) => new Set(list.map((item) => `${item.slot} ${item.module}`)).size === list.length,
    'must not list the same module in the same slot twice',
  ),
);

/** A contribution's label in a locale: its own, else its language's, else the default one. */
export function contributionLabelIn(contribution: Pick<Contribution, 'label' | 'labels'>, locale: string) {
  return (
    contribution.labels?.[locale] ?? contribution.labels?.[locale.split('-')[0]!] ?? contribution.label ?? undefined
  );
}

/** Reads a list of contributions as a manifest entry holds it (for tools that take one: `mfe-release deploy`). */
export function parseContributions(
  input: unknown,
): { readonly ok: true; readonly contributions: Contribution[] } | { readonly ok: false; readonly problem: string } {
  const result = v.safeParse(ContributionsSchema, input);
  return result.success
    ? { ok: true, contributions: result.output }
    : { ok: false, problem: describeIssues(result.issues) };
}
