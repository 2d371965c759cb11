export { assertTemplate, pageHtml, type PageParts } from './html';
export { pageFiles, pageFor, prerenderPages, type PrerenderedPages, type PrerenderInput } from './pages';
export { loadServerBundle, ServerBundleError, type ServerBundle } from './server-bundle';
