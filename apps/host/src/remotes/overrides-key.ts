/** Where this browser session's developer overrides are kept (sessionStorage; see overrides.ts). */
export const OVERRIDES_KEY = 'mfe.overrides';
