import type { ParsedRuntimeConfig } from '@mfe/manifest';

/** What sign-in reads of the host's runtime config: its `auth` section (the provider, client, scopes, DPoP). */
export type AuthConfig = Pick<ParsedRuntimeConfig, 'auth'>;
