import { PAGE_FILES } from '@mfe/manifest';
import type { HostConfig } from '../config';
import { createLogger } from '../logger';
import { report } from '../telemetry';
import type { RemoteIdentity } from '../telemetry/record';
import { createPageLocale, type PageLocale } from './page-locale';
import { loadMessageParser } from './message-parser';
import { loadShellCatalogue } from './shell-catalogues';
import { storageOrNull } from '../browser-storage';
import { applyToRoot } from './document-language';

const log = createLogger('i18n');

/**
 * The language menu's choice, for the server too: a cookie (a language tag, nothing personal) by
 * which the next prerendered page is served in it (rules.json `pages.localeCookie`).
 */
function rememberForServer(locale: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${PAGE_FILES.localeCookie}=${encodeURIComponent(locale)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/**
 * The page's locale in the browser: the runtime config's languages, the visitor's remembered choice
 * and the browser's languages; `<html lang dir>` follows it. A key a catalogue lacks is reported
 * through telemetry with its owner (the shell, or the area by name), once per page and key.
 */
export function browserPageLocale(config: HostConfig, describe: (name: string) => RemoteIdentity): PageLocale {
  return createPageLocale({
    ...config.i18n,
    storage: storageOrNull('localStorage'),
    languages: navigator.languages?.length ? navigator.languages : [navigator.language],
    loadShellCatalogue,
    onMissing: (owner, id, locale) => {
      log.warn(`No ${locale} text for "${id}" (${owner}); the default text is shown.`);
      report({
        kind: 'event',
        name: 'translation missing',
        ...(owner === 'host' ? {} : { remote: describe(owner) }),
        attributes: { key: id, locale },
      });
    },
    onCatalogueFailed: (owner, locale, error) => {
      log.warn(`The ${locale} texts of ${owner} could not be loaded; its default texts are shown.`, {
        message: (error as Error)?.message,
      });
      report({
        kind: 'error',
        name: 'translations unavailable',
        ...(owner === 'host' ? {} : { remote: describe(owner) }),
        error: {
          type: 'CatalogueError',
          message: `The ${locale} catalogue of ${owner} could not be loaded`,
          code: 'I18N_CATALOGUE_FAILED',
        },
      });
    },
    onChosen: rememberForServer,
    loadParser: loadMessageParser,
    applyToDocument: (locale, dir) => applyToRoot(document.documentElement, locale, dir),
  });
}
