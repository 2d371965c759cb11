import { isRemoteModule } from '@mfe/context';
import { storageOrNull } from '../browser-storage';
import { negotiateLocale, readChoice } from '../i18n/negotiate';
import { compiledTexts, defaultLocaleOf, type FoundIsland, type LoadingArea } from './island';

/**
 * The island of a page rendered in the browser: the opening area when it is public (a visitor's
 * render, as a prerendered page's; a signed-in area waits for the session, with the shell), in the
 * language the shell will choose for the page (negotiate.ts).
 */
export async function findIslandToRender(ahead: LoadingArea | null): Promise<FoundIsland | null> {
  if (!ahead || ahead.opening.entry.requiresAuth !== false) return null;
  const { opening, config, loading } = ahead;
  const module = await loading;
  if (!isRemoteModule(module)) return null;
  const defaultLocale = defaultLocaleOf(config);
  const listed = config.i18n?.locales;
  const locale = negotiateLocale({
    chosen: readChoice(storageOrNull('localStorage')),
    preferred: navigator.languages?.length ? navigator.languages : [navigator.language],
    supported: Array.isArray(listed) && listed.every((tag) => typeof tag === 'string') ? listed : [defaultLocale],
    defaultLocale,
  });
  const messages = await compiledTexts(module, locale, defaultLocale);
  if (messages === null) return null;
  const element = document.createElement('div');
  element.dataset.island = opening.entry.name;
  return { locale, element, entry: opening.entry, module, config, ...(messages ? { messages } : {}), defaultLocale };
}
