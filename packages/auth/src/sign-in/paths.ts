import rules from '@mfe/manifest/rules.json';

/** The host's routes for the provider's answers (@mfe/manifest's rules.json, under the reserved /auth). */
export const CALLBACK_PATH: string = rules.hostPaths.callback;
export const SILENT_CALLBACK_PATH: string = rules.hostPaths.silentCallback;
