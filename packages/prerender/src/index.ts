export { assertTemplate, pageHtml, type PageParts } from './html';
export {
  pageFiles,
  pageFor,
  prerenderPages,
  type LocalePages,
  type PrerenderedPages,
  type PrerenderInput,
} from './pages';
export { requestedPageLocale, type LocaleHeaders, type PageLocales } from './request-locale';
export { loadServerBundle, ServerBundleError, type ServerBundle } from './server-bundle';
