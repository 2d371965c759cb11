import type { ComponentType } from 'react';
import { CONTRIBUTION_MODULE_KIND, isComponentLike, isOfKind } from './module-kinds';

/**
 * Every slot a page or the shell offers, by name, with the parameters its contributions receive:
 * declared once, here, so a contribution whose parameters differ fails its remote's typecheck and
 * a `<Slot>` with a name nobody declared fails its user's. Names are dotted, owner first
 * (`account.profile.aside`: the account area's profile page). A team outside this repository
 * declares its page's slots beside its code by augmentation, and the teams filling them import
 * that declaration:
 *
 *     declare module '@mfe/context' {
 *       interface SlotMap { 'billing.invoice.footer': { readonly invoiceId: string } }
 *     }
 *
 * Since 1.5.0.
 */
export interface SlotMap {
  /** Beside the signed-in person's profile in the account area. */
  'account.profile.aside': { readonly userId: string };
  /** Tiles on the home page. */
  'home.tiles': NoParams;
  /** The shell's header, before the language menu: its contributions stay mounted across navigation. */
  'shell.header.end': NoParams;
}

/** The parameters of a slot that passes none. */
export type NoParams = Readonly<Record<never, never>>;

export type SlotName = keyof SlotMap & string;
export type SlotParams<N extends SlotName> = SlotMap[N];

/** What a contribution's component receives from the slot it fills. */
export interface ContributionProps<N extends SlotName> {
  readonly params: SlotParams<N>;
}

export { CONTRIBUTION_MODULE_KIND } from './module-kinds';

export interface ContributionModule<N extends SlotName = SlotName> {
  readonly kind: typeof CONTRIBUTION_MODULE_KIND;
  /** The slot it was written for; the host refuses it in any other. */
  readonly slot: N;
  readonly Component: ComponentType<ContributionProps<N>>;
  /** Its texts in a locale other than the default, as `defineRemote`'s `messages`. */
  readonly messages?: (locale: string) => Promise<Readonly<Record<string, string>>>;
}

/**
 * Declares one contribution of a remote to a slot. Put each in `src/contributions/<name>.tsx` as its
 * default export: the preset exposes it as `./contributions/<name>`, and the manifest names it
 * (`"contributions": [{ "slot": "account.profile.aside", "module": "<name>" }]`). Since 1.5.0.
 *
 *     export default defineContribution('account.profile.aside', ({ params }) => <ReferralCard userId={params.userId} />);
 */
export function defineContribution<N extends SlotName>(
  slot: N,
  Component: ComponentType<ContributionProps<N>>,
  options: Pick<ContributionModule<N>, 'messages'> = {},
): ContributionModule<N> {
  return Object.freeze({
    kind: CONTRIBUTION_MODULE_KIND,
    slot,
    Component,
    ...(options.messages ? { messages: options.messages } : {}),
  });
}

/** Type guard the host uses on whatever a remote's contribution module exported. */
export function isContributionModule(value: unknown): value is ContributionModule {
  return (
    isOfKind(value, CONTRIBUTION_MODULE_KIND) && typeof value.slot === 'string' && isComponentLike(value.Component)
  );
}

/** What a `<Slot>` asks the host to render (the host owns loading, isolation and order). */
export interface SlotOutletProps {
  readonly name: SlotName;
  readonly params: unknown;
  /** Shown when nobody fills the slot for this person (or every contribution failed); nothing by default. */
  readonly fallback?: import('react').ReactNode;
}

/** The host's side of slots, in `HostContext.slots`. Since 1.5.0. */
export interface SlotHost {
  /** Renders a slot's contributions, each isolated (see `<Slot>`). */
  readonly Outlet: ComponentType<SlotOutletProps>;
}
