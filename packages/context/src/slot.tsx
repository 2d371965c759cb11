import type { ReactNode } from 'react';
import { useHostOrNull } from './provider';
import type { SlotName, SlotParams } from './slots';

/** A slot's props: `params` as its declaration in `SlotMap` says (optional for a slot that passes none). */
export type SlotProps<N extends SlotName> = {
  readonly name: N;
  /** Shown when nobody fills the slot for this person, or in a host without slots; nothing by default. */
  readonly fallback?: ReactNode;
} & ([keyof SlotParams<N>] extends [never] ? { readonly params?: SlotParams<N> } : { readonly params: SlotParams<N> });

/**
 * A place in a page or the shell that other remotes fill, as the manifest composes them:
 *
 *     <Slot name="account.profile.aside" params={{ userId: user.sub }} />
 *
 * The host renders each contribution the person may see, in the manifest's order, each isolated
 * (its own error boundary, time limit and Retry; a failure is said in place and attributed to the
 * contributing remote), loaded when it nears the viewport or the browser is idle, in the page's
 * language. Since 1.5.0.
 */
export function Slot<N extends SlotName>(props: SlotProps<N>): ReactNode {
  const host = useHostOrNull();
  const Outlet = host?.slots?.Outlet;
  if (!Outlet) return props.fallback ?? null;
  return <Outlet name={props.name} params={props.params ?? {}} fallback={props.fallback} />;
}
