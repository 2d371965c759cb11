import type { IntlApi } from '@mfe/context';
import { shellMessages } from './i18n/shell-messages';
import type { RemoteEntry } from './manifest';
import type { Contribution } from '@mfe/manifest';
import type { Viewer } from '@mfe/auth';

export type { Viewer };

/** Whether the viewer may use a remote (or see a contribution): any one of its roles and all of its scopes. */
export function canUse(remote: Pick<RemoteEntry, 'requires'>, viewer: Viewer): boolean {
  const { roles, scopes } = remote.requires ?? {};
  if (!roles?.length && !scopes?.length) return true;
  if (!viewer.signedIn) return false;
  return (
    (!roles?.length || roles.some((role) => viewer.hasRole(role))) &&
    (!scopes?.length || scopes.every((scope) => viewer.hasScope(scope)))
  );
}

/**
 * Whether the viewer may see a contribution to a slot: signed in if it requires that, its roles and
 * scopes as an area's, and those of its remote (`remoteRequires`: whom the remote is for). Nothing
 * of a contribution the viewer may not see is downloaded.
 */
export function canSee(
  contribution: Pick<Contribution, 'requires' | 'requiresAuth'> & {
    readonly remoteRequires?: RemoteEntry['requires'];
  },
  viewer: Viewer,
): boolean {
  return (
    (!contribution.requiresAuth || viewer.signedIn) &&
    canUse(contribution, viewer) &&
    canUse({ requires: contribution.remoteRequires }, viewer)
  );
}

/** "the role admin or auditor and the scope referrals:write", for the no-access page. */
export function describeRequirement(remote: RemoteEntry, intl: IntlApi): string {
  const parts: string[] = [];
  const { roles, scopes } = remote.requires ?? {};
  // Any one role will do; every permission is needed (the rule canUse applies).
  if (roles?.length)
    parts.push(
      intl.formatMessage(shellMessages.requiredRoles, { roles: intl.formatList(roles, { type: 'disjunction' }) }),
    );
  if (scopes?.length)
    parts.push(
      intl.formatMessage(shellMessages.requiredScopes, {
        count: scopes.length,
        scopes: intl.formatList(scopes, { type: 'conjunction' }),
      }),
    );
  return intl.formatList(parts, { type: 'conjunction' });
}

/** Whether the viewer may open /diagnostics: everyone when the config makes it public (development), else any one of its roles. */
export function canSeeDiagnostics(
  diagnostics: { readonly public: boolean; readonly roles: readonly string[] },
  viewer: Viewer,
): boolean {
  if (diagnostics.public) return true;
  return viewer.signedIn && diagnostics.roles.some((role) => viewer.hasRole(role));
}
