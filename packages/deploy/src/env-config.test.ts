import { runtimeConfigFromEnv } from './env-config';

const required = {
  MFE_PRODUCT_NAME: 'Acme Web',
  MFE_AUTH_AUTHORITY: 'https://login.example.com/realms/acme',
  MFE_AUTH_CLIENT_ID: 'web',
};

test('builds a valid runtime config from the documented variables', () => {
  const result = runtimeConfigFromEnv({
    ...required,
    MFE_ALLOWED_REMOTE_ORIGINS: 'https://cdn.example.com, https://cdn2.example.com',
    MFE_API_ORIGINS: 'https://api.example.com',
    MFE_TELEMETRY_CONSOLE: 'true',
    MFE_TELEMETRY_COLLECTOR_ENDPOINT: 'https://otel.example.com/v1/logs',
    MFE_CONSENT_BANNER: 'false',
    MFE_DIAGNOSTICS_ROLES: 'admin ops',
    MFE_FEATURES_JSON: '{"referrals":{"maxInvites":5}}',
  });
  if (!result.ok) throw new Error(result.problems.join('\n'));
  expect(result.config).toMatchObject({
    productName: 'Acme Web',
    auth: { authority: 'https://login.example.com/realms/acme', clientId: 'web', scopes: 'openid profile email' },
    allowedRemoteOrigins: ['https://cdn.example.com', 'https://cdn2.example.com'],
    apiOrigins: ['https://api.example.com'],
    telemetry: { adapters: [{ type: 'console' }, { type: 'collector', endpoint: 'https://otel.example.com/v1/logs' }] },
    consent: { banner: false },
    diagnostics: { roles: ['admin', 'ops'] },
    features: { referrals: { maxInvites: 5 } },
  });
});

test('variables override a base config file; unset ones leave it as it is', () => {
  const base = {
    productName: 'Base',
    auth: { authority: 'https://old.example.com', clientId: 'web' },
    telemetry: { adapters: [{ type: 'console' }] },
  };
  const result = runtimeConfigFromEnv(
    { MFE_AUTH_AUTHORITY: 'https://new.example.com', MFE_TELEMETRY_CONSOLE: 'false' },
    base,
  );
  if (!result.ok) throw new Error(result.problems.join('\n'));
  expect(result.config.productName).toBe('Base');
  expect(result.config.auth.authority).toBe('https://new.example.com');
  expect(result.config.telemetry.adapters).toEqual([]);
  expect(base.auth.authority).toBe('https://old.example.com');
});

test('each bad field is one problem naming the variable to fix', () => {
  const result = runtimeConfigFromEnv({
    MFE_PRODUCT_NAME: 'Acme',
    MFE_AUTH_AUTHORITY: 'not a url',
    MFE_ALLOWED_REMOTE_ORIGINS: 'https://cdn.example.com/path',
    MFE_TELEMETRY_COLLECTOR_ENDPOINT: 'ftp://otel',
  });
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.problems).toEqual([
    expect.stringMatching(/^MFE_AUTH_AUTHORITY: "auth\.authority" must be the provider's issuer URL/),
    expect.stringMatching(/^MFE_AUTH_CLIENT_ID: "auth\.clientId"/),
    expect.stringMatching(/^MFE_ALLOWED_REMOTE_ORIGINS: "allowedRemoteOrigins\.0" must be an origin only/),
    expect.stringMatching(/^MFE_TELEMETRY_COLLECTOR_ENDPOINT: "telemetry\.adapters\.0\.endpoint"/),
  ]);
});

test('malformed booleans and JSON are refused before validation, by name', () => {
  const result = runtimeConfigFromEnv({ ...required, MFE_CONSENT_BANNER: 'yes', MFE_FEATURES_JSON: '{oops' });
  expect(result).toEqual({
    ok: false,
    problems: [
      expect.stringMatching(/MFE_FEATURES_JSON is not valid JSON/),
      'MFE_CONSENT_BANNER must be "true" or "false", not "yes".',
    ],
  });
});

test('a missing auth section names the variables that set it', () => {
  const result = runtimeConfigFromEnv({ MFE_PRODUCT_NAME: 'Acme' });
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.problems.join('\n')).toMatch(/\(set MFE_AUTH_AUTHORITY, MFE_AUTH_CLIENT_ID/);
});

test('preview links are switched on by a variable, and only for a folder on an allowed remote origin', () => {
  const on = runtimeConfigFromEnv({
    ...required,
    MFE_ALLOWED_REMOTE_ORIGINS: 'https://remotes.example.com',
    MFE_PREVIEWS_MANIFEST_BASE: 'https://remotes.example.com/_preview/',
  });
  if (!on.ok) throw new Error(on.problems.join('\n'));
  expect(on.config.previews).toEqual({ manifestBase: 'https://remotes.example.com/_preview/' });
  const elsewhere = runtimeConfigFromEnv({
    ...required,
    MFE_PREVIEWS_MANIFEST_BASE: 'https://other.example.com/_preview/',
  });
  expect(elsewhere.ok).toBe(false);
  if (!elsewhere.ok)
    expect(elsewhere.problems.join('\n')).toMatch(/^MFE_PREVIEWS_MANIFEST_BASE: .*allowedRemoteOrigins/m);
});
