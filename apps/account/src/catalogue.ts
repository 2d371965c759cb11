/**
 * The area's texts in a locale other than the default: one chunk per locale, from this build's
 * folder under its integrity; only the page's is fetched. Its area and its contributions share it.
 */
export const catalogue = (locale: string): Promise<Record<string, string>> =>
  import(/* webpackChunkName: "locale-[request]" */ `./locales/${locale}.json`).then(
    (module: { default: Record<string, string> }) => module.default,
  );
