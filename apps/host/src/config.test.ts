import { parseRuntimeConfig } from './config';

const valid = { productName: 'Acme', auth: { authority: 'https://login.example.com/realms/acme', clientId: 'web' } };

test('fills in defaults for scopes, roles claim, manifest URL and features, with developer overrides off, DPoP decided from the provider (auto) and integrity required', () => {
  expect(parseRuntimeConfig(valid)).toEqual({
    productName: 'Acme',
    auth: {
      authority: 'https://login.example.com/realms/acme',
      clientId: 'web',
      scopes: 'openid profile email',
      rolesClaim: 'roles',
      dpop: 'auto',
    },
    manifestUrl: '/remotes.json',
    allowedRemoteOrigins: [],
    requireIntegrity: true,
    apiOrigins: [],
    features: {},
    i18n: { defaultLocale: 'en', locales: ['en'] },
    overrides: { enabled: false, allowedOrigins: [] },
    telemetry: { adapters: [], allowedQueryParams: [] },
    consent: { banner: true },
    diagnostics: { roles: ['admin'], public: false },
  });
});

test('the languages are canonical language tags and include the default one, else each problem is named', () => {
  expect(parseRuntimeConfig({ ...valid, i18n: { defaultLocale: 'de', locales: ['de', 'en', 'ar'] } }).i18n).toEqual({
    defaultLocale: 'de',
    locales: ['de', 'en', 'ar'],
  });
  expect(() => parseRuntimeConfig({ ...valid, i18n: { defaultLocale: 'fr', locales: ['en'] } })).toThrow(
    /"i18n\.locales" must include the default locale/,
  );
  expect(() => parseRuntimeConfig({ ...valid, i18n: { locales: ['en', 'EN_us'] } })).toThrow(
    /must be a language tag in canonical form/,
  );
  expect(() => parseRuntimeConfig({ ...valid, i18n: { locales: [] } })).toThrow(
    /must list at least the default locale/,
  );
});

test('telemetry adapters, the tag loader and diagnostics access are validated field by field', () => {
  const config = parseRuntimeConfig({
    ...valid,
    telemetry: {
      adapters: [
        { type: 'console' },
        { type: 'collector', endpoint: 'https://otel.example.com/v1/logs' },
        { type: 'sentry', dsn: 'https://abc@o1.ingest.example.com/7' },
      ],
    },
    tagLoader: { src: 'https://tags.example.com/gtm.js?id=GTM-1' },
    diagnostics: { public: true },
  });
  expect(config.telemetry.adapters.map((adapter) => adapter.type)).toEqual(['console', 'collector', 'sentry']);
  expect(config.tagLoader).toEqual({ src: 'https://tags.example.com/gtm.js?id=GTM-1', connectOrigins: [] });
  expect(config.diagnostics).toEqual({ roles: ['admin'], public: true });
  expect(() => parseRuntimeConfig({ ...valid, telemetry: { adapters: [{ type: 'carrier-pigeon' }] } })).toThrow(
    /telemetry\.adapters\.0\.type/,
  );
  expect(() =>
    parseRuntimeConfig({ ...valid, telemetry: { adapters: [{ type: 'collector', endpoint: 'javascript:alert(1)' }] } }),
  ).toThrow(/OTLP\/HTTP logs URL/);
  expect(() => parseRuntimeConfig({ ...valid, tagLoader: { src: 'http://tags.example.com/gtm.js' } })).toThrow(
    /https URL/,
  );
  // The SDK refuses a DSN whose key has a "-": so does the config, before anything is served.
  expect(() =>
    parseRuntimeConfig({
      ...valid,
      telemetry: { adapters: [{ type: 'sentry', dsn: 'https://public-key@o1.ingest.example.com/7' }] },
    }),
  ).toThrow(/telemetry\.adapters\.0\.dsn/);
  expect(() =>
    parseRuntimeConfig({
      ...valid,
      telemetry: { adapters: [{ type: 'sentry', dsn: 'https://o1.ingest.example.com/7' }] },
    }),
  ).toThrow(/DSN/);
});

test('developer overrides, once enabled, default to localhost origins, and refuse a malformed origin', () => {
  expect(parseRuntimeConfig({ ...valid, overrides: { enabled: true } }).overrides).toEqual({
    enabled: true,
    allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'],
  });
  expect(() => parseRuntimeConfig({ ...valid, overrides: { enabled: true, allowedOrigins: ['localhost/*'] } })).toThrow(
    /overrides\.allowedOrigins/,
  );
});

test.each([
  ['no authority', { ...valid, auth: { clientId: 'web' } }, /auth\.authority/],
  ['an authority that is not a URL', { ...valid, auth: { ...valid.auth, authority: 'login' } }, /issuer URL/],
  ['scopes without openid', { ...valid, auth: { ...valid.auth, scopes: 'profile' } }, /openid/],
  ['an empty product name', { ...valid, productName: '' }, /productName/],
  [
    'an API resource that is not a URI',
    { ...valid, auth: { ...valid.auth, resource: 'accounts' } },
    /auth\.resource.*absolute URI/,
  ],
  [
    'an API resource with a fragment',
    { ...valid, auth: { ...valid.auth, resource: 'https://api.example.com/#v1' } },
    /auth\.resource.*fragment/,
  ],
  [
    'a remote origin with a path',
    { ...valid, allowedRemoteOrigins: ['https://cdn.example.com/remotes'] },
    /origin only/,
  ],
])('refuses a config with %s, naming the field', (_label, input, message) => {
  expect(() => parseRuntimeConfig(input)).toThrow(message);
});

test('every path the host routes itself is reserved against remotes (one list, in @mfe/manifest)', async () => {
  const { buildRoutes } = await import('./routes');
  const { RESERVED_PATHS, reservedPathOf } = await import('@mfe/manifest');
  const { CALLBACK_PATH, SILENT_CALLBACK_PATH } = await import('@mfe/auth/paths');
  const own = (buildRoutes([])[0]?.children ?? [])
    .map((route) => route.path)
    .filter((path): path is string => !!path && path !== '*');
  for (const path of [...own.map((path) => `/${path}`), CALLBACK_PATH, SILENT_CALLBACK_PATH])
    expect(reservedPathOf(path)).toBeDefined();
  expect(RESERVED_PATHS).toEqual(['/auth', '/diagnostics']);
});
