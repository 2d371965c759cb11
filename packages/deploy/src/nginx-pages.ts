import { isLocaleTag, PAGE_FILES, type ParsedRuntimeConfig } from '@mfe/manifest';
import { location, WHOLE } from './nginx-directives';

// Prerendered pages in the nginx config: where each request's page is looked up, in which language.

/**
 * Prerendered pages, looked up as `@mfe/prerender` lays them out (PAGE_FILES): the path's own page,
 * then the area shell of each enclosing route, deepest first, then the app's page. The captures
 * take a route's segments (lower-case letters, digits, "-"), so nothing else reaches a file name.
 */
export function pageLocations(pagesRoot: string, headers: string[], appPageHint: string[] = []): string[] {
  const root = `root ${pagesRoot}$mfe_pages_locale;`;
  const depth = PAGE_FILES.lookupDepth;
  const segments = Array.from(
    { length: depth },
    (_, index) => `(?<mfe_p${index}>/[a-z0-9-]+)${index === 0 ? '' : '?'}`,
  ).join('');
  const shells = Array.from({ length: depth }, (_, index) => depth - index).map(
    (count) => `${Array.from({ length: count }, (_, index) => `$mfe_p${index}`).join('')}/${PAGE_FILES.areaShell}`,
  );
  return [
    "  # Prerendered pages (rendered at every release), else the app's page; sent whole, as the manifest is.",
    ...location(`~ "^${segments}(?:/.*)?$"`, [
      root,
      ...WHOLE,
      ...headers,
      `try_files $uri/${PAGE_FILES.page} ${shells.join(' ')} @mfe_app;`,
    ]),
    ...location('= /', [root, ...WHOLE, ...headers, `try_files /${PAGE_FILES.page} @mfe_app;`]),
    ...location('@mfe_app', [...headers, ...appPageHint, 'try_files /index.html =404;']),
  ];
}

/**
 * Which language's pages a request gets, as `$mfe_pages_locale` (the folder under the pages root:
 * empty for the default language): the rule of @mfe/prerender's `requestedPageLocale`, in two maps.
 * The language menu's cookie when it names a listed locale; else the first Accept-Language language,
 * exactly (regional locales first) or by its language alone; else the default.
 */
export function pageLocaleMaps(i18n: ParsedRuntimeConfig['i18n']): string[] {
  for (const locale of i18n.locales)
    if (!isLocaleTag(locale))
      throw new Error(`Cannot write the locale ${JSON.stringify(locale)} into an nginx config.`);
  const folder = (locale: string) =>
    locale === i18n.defaultLocale ? '""' : `"/${PAGE_FILES.localeFolderPrefix}${locale}"`;
  const regional = i18n.locales.filter((locale) => locale.includes('-'));
  const plain = i18n.locales.filter((locale) => !locale.includes('-'));
  return [
    "# The language of prerendered pages: the language menu's cookie, else the first Accept-Language language, else the default.",
    'map $http_accept_language $mfe_browser_locale {',
    '  default "";',
    ...regional.map((locale) => `  "~*^ *${locale}(?:[;,]|$)" ${folder(locale)};`),
    ...plain.map((locale) => `  "~*^ *${locale}(?:-[^,;]*)?(?:[;,]|$)" ${folder(locale)};`),
    '}',
    `map $cookie_${PAGE_FILES.localeCookie} $mfe_pages_locale {`,
    '  default $mfe_browser_locale;',
    ...i18n.locales.map((locale) => `  "${locale}" ${folder(locale)};`),
    '}',
  ];
}
