import type { ComponentType } from 'react';
import { isComponentLike, isOfKind, REMOTE_MODULE_KIND } from './module-kinds';

export { REMOTE_MODULE_KIND } from './module-kinds';

export interface RemoteDefinition {
  /**
   * Root component of the feature area. The host renders it under the
   * remote's route (`<basePath>/*`), so it can declare nested `<Routes>`
   * with relative paths and they work for deep links.
   */
  readonly App: ComponentType;
  /**
   * The area's translations for a locale other than the default (whose texts are the
   * `defaultMessage`s in its code), by message id. The host calls it only for the page's locale.
   * Import each locale's file as its own chunk, so only that one is downloaded, from this build's
   * versioned folder and under the build's integrity:
   *
   *     messages: (locale) => import(`./locales/${locale}.json`).then((module) => module.default),
   *
   * Since 1.5.0.
   */
  readonly messages?: (locale: string) => Promise<Readonly<Record<string, string>>>;
}

/** What a remote exposes as `./remote`; the host loads and mounts it. */
export interface RemoteModule extends RemoteDefinition {
  readonly kind: typeof REMOTE_MODULE_KIND;
}

/**
 * Declares what a remote gives the host. Expose the result as `./remote`
 * (webpack.shared.js does that for you):
 *
 *     export default defineRemote({ App: ReferralsApp });
 */
export function defineRemote(definition: RemoteDefinition): RemoteModule {
  return Object.freeze({
    kind: REMOTE_MODULE_KIND,
    App: definition.App,
    ...(definition.messages ? { messages: definition.messages } : {}),
  });
}

/** Type guard the host uses on whatever a remote's `./remote` module exported. */
export function isRemoteModule(value: unknown): value is RemoteModule {
  return isOfKind(value, REMOTE_MODULE_KIND) && isComponentLike(value.App);
}
