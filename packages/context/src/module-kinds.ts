// The kinds of module a remote exposes, each stamped by its define function (`defineRemote`,
// `defineMountedArea`, `defineContribution`) so that the host can tell it from anything else:
// declared here once, with what every guard asks of them. Nothing here imports React (the
// framework-neutral entry, `@mfe/context/mount`, uses it).

/** A module made with `defineRemote`: an area rendered in the host's React tree. */
export const REMOTE_MODULE_KIND = 'mfe.remote';
/** A module made with `defineMountedArea`: an area mounted into an element of its own. */
export const MOUNTED_AREA_KIND = 'mfe.remote.mounted';
/** A module made with `defineContribution`: a contribution to a slot. */
export const CONTRIBUTION_MODULE_KIND = 'mfe.contribution';

export type ModuleKind = typeof REMOTE_MODULE_KIND | typeof MOUNTED_AREA_KIND | typeof CONTRIBUTION_MODULE_KIND;

/** Whether a module exported a value stamped with this kind: its other members are for its guard to check. */
export function isOfKind(
  value: unknown,
  kind: ModuleKind,
): value is { readonly kind: ModuleKind } & Record<string, unknown> {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === kind;
}

/** Whether a value can be rendered as a React component: a function, or an object (`memo`, `forwardRef`, `lazy`). */
export const isComponentLike = (value: unknown): boolean =>
  typeof value === 'function' || (typeof value === 'object' && value !== null);
