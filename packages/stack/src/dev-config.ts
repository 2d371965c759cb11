import { API_SCOPES, DEFAULT_CLIENT_ID } from '@mfe/dev-idp';
import { RUNTIME_FILES, type RuntimeConfigInput } from '@mfe/manifest';

/**
 * The scopes the development host asks for: roles for access rules, offline_access for refresh
 * tokens, and the development API's scopes for the account area's calls.
 */
export const DEV_SCOPES = ['openid profile email roles offline_access', ...API_SCOPES].join(' ');

export interface DevConfigOptions {
  readonly idpUrl: string;
  /** The development API (the account area's service). */
  readonly apiUrl: string;
  readonly remoteOrigins: readonly string[];
  readonly collectorUrl: string;
  readonly productName?: string;
  /** DPoP: on, off, or decided from the provider's discovery document ("auto"). Default off. */
  readonly dpop?: boolean | 'auto';
  /** More telemetry adapters after the console and the collector (an error-reporting DSN). */
  readonly extraAdapters?: NonNullable<RuntimeConfigInput['telemetry']>['adapters'];
  readonly tagLoader?: { readonly src: string };
  /** Who may open /diagnostics; development default: everyone. */
  readonly diagnostics?: RuntimeConfigInput['diagnostics'];
  /** Developer overrides to these origins. */
  readonly overrideOrigins?: readonly string[];
  /** Refuse unpinned manifest entries, as production does; development default false (dev servers change on every save). */
  readonly requireIntegrity?: boolean;
  /** Preview links, read from a release store's `_preview/` (runtime-config.ts). */
  readonly previews?: RuntimeConfigInput['previews'];
}

/** The development runtime config (validate it with `validateRuntimeConfig` before serving it). */
export function devRuntimeConfig(options: DevConfigOptions): RuntimeConfigInput {
  return {
    productName: options.productName ?? 'Acme Web',
    auth: {
      authority: options.idpUrl,
      clientId: DEFAULT_CLIENT_ID,
      scopes: DEV_SCOPES,
      rolesClaim: 'roles',
      dpop: options.dpop ?? false,
      resource: options.apiUrl,
    },
    manifestUrl: RUNTIME_FILES.manifest,
    allowedRemoteOrigins: [...options.remoteOrigins],
    requireIntegrity: options.requireIntegrity ?? false,
    // The account area calls the development API through the api client, which sends tokens there only.
    apiOrigins: [new URL(options.apiUrl).origin],
    features: { account: { serviceUrl: options.apiUrl } },
    // The product's shipped languages (Arabic is written right to left), and in development the
    // pseudo-locale: every text accented and 40 % longer, to catch hard-coded and cut-off text.
    i18n: { defaultLocale: 'en', locales: ['en', 'de', 'ar', 'en-XA'] },
    telemetry: {
      adapters: [
        { type: 'console' },
        {
          type: 'collector',
          endpoint: `${options.collectorUrl}/v1/logs`,
          tracesEndpoint: `${options.collectorUrl}/v1/traces`,
        },
        ...(options.extraAdapters ?? []),
      ],
    },
    ...(options.tagLoader ? { tagLoader: { src: options.tagLoader.src } } : {}),
    diagnostics: options.diagnostics ?? { public: true },
    ...(options.previews ? { previews: options.previews } : {}),
    ...(options.overrideOrigins ? { overrides: { enabled: true, allowedOrigins: [...options.overrideOrigins] } } : {}),
  };
}
