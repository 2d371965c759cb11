// The framework-neutral way for an area to be shown (issue 49): the host gives the area an element
// and the same services the React contract gives, as plain values and functions; the area renders
// into the element with whatever it is built on (another React major in a root of its own, a web
// component, plain DOM) and gives back how to update and unmount it. single-spa's lifecycles and
// Module Federation's bridge have the same shape. Nothing here imports React: an area that uses
// this entry (`@mfe/context/mount`) bundles no copy of the host's.
import type { HostContext } from './types';

// An area without React declares and formats its texts with these (the preset compiles
// `defineMessages` here as anywhere); `createIntl` also plays the page's language in its unit tests.
export { defineMessages } from './define-messages';
export { createIntl, type IntlApi, type MessageDescriptor } from './intl';

import { isOfKind, MOUNTED_AREA_KIND } from './module-kinds';

export { MOUNTED_AREA_KIND } from './module-kinds';

/** Where the page is, as the host's router sees it (the area's own paths start at `remote.basePath`). */
export interface AreaLocation {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

/**
 * What the host gives a mounted area: the React contract's services (the person and sign-in, the API
 * client with its tokens and DPoP, typed events scoped to the area, telemetry attributed to it, the
 * runtime config, consent, the page's language and the area's texts, navigation and the base path),
 * the page's location, and a way to say a failure the area cannot handle itself.
 */
export interface AreaServices extends Omit<HostContext, 'slots'> {
  readonly location: AreaLocation;
  /**
   * A failure the area cannot recover from (an error its own root caught, a rejected start-up): the
   * host reports it, attributed to the area, and shows it in place with Retry, as for any area.
   */
  fail(error: unknown): void;
}

/** What `mount` gives back: the host calls `update` when a service or the location changes, `unmount` once. */
export interface MountedAreaHandle {
  update(services: AreaServices): void;
  /** Removes everything the area added: its root, listeners, timers. The host then empties the element. */
  unmount(): void;
}

export interface MountedAreaDefinition {
  /** Renders the area into `element` (empty, owned by the area until `unmount`). A throw is shown in place. */
  mount(element: HTMLElement, services: AreaServices): MountedAreaHandle;
  /** The area's texts for a locale other than the default, by message id, as `defineRemote`'s `messages`. */
  readonly messages?: (locale: string) => Promise<Readonly<Record<string, string>>>;
}

/** What a mounted area exposes as `./remote`. */
export interface MountedAreaModule extends MountedAreaDefinition {
  readonly kind: typeof MOUNTED_AREA_KIND;
}

/**
 * Declares an area mounted through the neutral contract. Expose the result as `./remote`, and build
 * it with the preset's `mount: 'own-root'` (it then takes nothing of the host's shared modules):
 *
 *     export default defineMountedArea({ mount: (element, services) => { … return { update, unmount }; } });
 */
export function defineMountedArea(definition: MountedAreaDefinition): MountedAreaModule {
  return Object.freeze({
    kind: MOUNTED_AREA_KIND,
    mount: definition.mount,
    ...(definition.messages ? { messages: definition.messages } : {}),
  });
}

/** Type guard the host uses on whatever a remote's `./remote` module exported. */
export function isMountedAreaModule(value: unknown): value is MountedAreaModule {
  return isOfKind(value, MOUNTED_AREA_KIND) && typeof value.mount === 'function';
}
