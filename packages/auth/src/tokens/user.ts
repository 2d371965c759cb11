import type { User } from '@mfe/context';

/** Maps the provider's claims to the contract's `User`; roles come from a configurable claim. */
export function toContractUser(claims: Readonly<Record<string, unknown>>, rolesClaim: string): User {
  const rawRoles = readClaim(claims, rolesClaim);
  const roles = Array.isArray(rawRoles)
    ? rawRoles.filter((role): role is string => typeof role === 'string')
    : typeof rawRoles === 'string'
      ? rawRoles.split(/[\s,]+/).filter(Boolean)
      : [];
  return Object.freeze({
    sub: String(claims.sub),
    ...(typeof claims.name === 'string' ? { name: claims.name } : {}),
    ...(typeof claims.email === 'string' ? { email: claims.email } : {}),
    roles: Object.freeze(roles),
    claims: Object.freeze({ ...claims }),
  });
}

/** Reads `a.b.c` paths too, as providers such as Keycloak nest roles (`realm_access.roles`). */
function readClaim(claims: Readonly<Record<string, unknown>>, path: string): unknown {
  if (path in claims) return claims[path];
  return path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined,
      claims,
    );
}

/** Claims that change with every token (times, hashes) do not make a different user. */
const VOLATILE_CLAIMS = new Set([
  'exp',
  'iat',
  'nbf',
  'auth_time',
  'at_hash',
  'c_hash',
  's_hash',
  'nonce',
  'jti',
  'sid',
]);
export function stableClaims(claims: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(Object.entries(claims).filter(([key]) => !VOLATILE_CLAIMS.has(key)));
}
