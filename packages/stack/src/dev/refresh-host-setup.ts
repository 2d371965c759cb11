/// <reference lib="dom" />
// DEVELOPMENT ONLY (`pnpm dev <remote>`): the first module of the host's development build. React
// Fast Refresh needs its runtime hooked into React before react-dom starts, and one runtime for the
// whole page: the remote being developed uses this one (see refresh-runtime-shim.cjs), so its edits
// re-render inside the host's React tree with state kept.
import RefreshRuntime from 'react-refresh/runtime';

RefreshRuntime.injectIntoGlobalHook(window);
Object.assign(window, {
  __mfeRefreshRuntime: RefreshRuntime,
  // Until a module registers itself, these are no-ops (what the refresh transform expects).
  $RefreshReg$: () => undefined,
  $RefreshSig$: () => (type: unknown) => type,
});
