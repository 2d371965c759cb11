import { isLocaleTag } from '@mfe/manifest';
import type { Catalogue } from './page-locale';

/** The shell's translations for one locale: its own chunk, fetched under the build's integrity. */
export function loadShellCatalogue(locale: string): Promise<Catalogue> {
  if (!isLocaleTag(locale)) return Promise.reject(new Error(`"${locale}" is not a locale tag.`));
  return import(/* webpackChunkName: "locale-[request]" */ `./locales/${locale}.json`).then(
    (module: { default: Catalogue }) => module.default,
  );
}
