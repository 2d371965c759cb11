/* global window */
// DEVELOPMENT ONLY: `react-refresh/runtime` as the remote in development sees it: the host's
// instance (set up by refresh-host-setup.ts), so the page has one Fast Refresh registry.
const runtime = typeof window !== 'undefined' ? window.__mfeRefreshRuntime : undefined;
if (!runtime) throw new Error('Fast Refresh needs the host built for development (pnpm dev <remote> does this).');
module.exports = runtime;
