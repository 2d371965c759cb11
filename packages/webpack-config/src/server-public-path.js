// First module of every server build (server-build.js): where the build's assets are served from is
// known only when a page is rendered (a remote's version folder on its CDN), so the renderer says it.
// eslint-disable-next-line no-undef -- webpack's free variable for the public path
__webpack_public_path__ = require('@mfe-alias/prerender-context').publicPath;
