/** The host's routes for the provider's answers (reserved in @mfe/manifest's rules). */
export const CALLBACK_PATH = '/auth/callback';
export const SILENT_CALLBACK_PATH = '/auth/silent-callback';
