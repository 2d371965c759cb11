import * as v from 'valibot';

/** One line per problem: `field.path: what was expected`. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .map((issue) => {
      const path = v.getDotPath(issue);
      return path ? `"${path}" ${issue.message}` : issue.message;
    })
    .join('; ');
}
