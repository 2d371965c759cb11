import type { RemoteModule } from '@mfe/context';
import rules from '@mfe/manifest/rules.json';
import type { ManifestEntry } from '../manifest';
import type { OpeningEntry, RawConfig } from '../remotes/opening-build';
import type { AreaModule } from '../remotes/remote-loader';

// What the opening area's island is made of, for both ways it is found: in a prerendered page's
// HTML (opening-island.tsx) and rendered in the browser (island-to-render.ts, loaded only then).

/** The config's fields the island reads, besides those that choose the build (opening-build.ts). */
export interface RawIslandConfig extends RawConfig {
  readonly productName?: unknown;
  readonly auth?: unknown;
  readonly apiOrigins?: unknown;
  readonly features?: unknown;
  readonly i18n?: { readonly defaultLocale?: unknown; readonly locales?: unknown };
}

export interface LoadingArea {
  readonly opening: OpeningEntry;
  readonly config: RawIslandConfig;
  readonly loading: Promise<AreaModule>;
}

export interface FoundIsland {
  /** The page's language: the HTML's, or (an island rendered here) the one the shell will choose. */
  readonly locale: string;
  /** The element it is rooted in: the area's in the HTML, or a new one for the placeholder's place. */
  readonly element: HTMLElement;
  readonly entry: ManifestEntry & { readonly path: string };
  readonly module: RemoteModule;
  readonly config: RawIslandConfig;
  readonly messages?: Readonly<Record<string, unknown>>;
  readonly defaultLocale: string;
}

export const defaultLocaleOf = (config: RawIslandConfig): string =>
  typeof config.i18n?.defaultLocale === 'string' ? config.i18n.defaultLocale : rules.defaults.locale;

/**
 * The area's texts in `locale` (none in the default one), or null when they are ICU source: those
 * need the parser the shell loads, and would not render as the shell renders them.
 */
export async function compiledTexts(
  module: RemoteModule,
  locale: string,
  defaultLocale: string,
): Promise<Readonly<Record<string, unknown>> | undefined | null> {
  const messages = locale === defaultLocale ? undefined : await module.messages?.(locale);
  return messages && Object.values(messages).some((message) => typeof message === 'string') ? null : messages;
}
