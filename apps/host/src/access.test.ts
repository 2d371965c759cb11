import { canSee, canUse, describeRequirement, type Viewer, canSeeDiagnostics } from './access';
import { createIntl } from '@mfe/context';
import deCatalogue from './i18n/locales/de.json';
import type { RemoteEntry } from './manifest';

const base: RemoteEntry = {
  name: 'admin',
  entry: 'https://cdn.example/mf-manifest.json',
  path: '/admin',
  label: 'Admin',
  order: 1,
  requiresAuth: true,
  timeoutMs: 10_000,
};
const viewer = (roles: string[], scopes: string[] = [], signedIn = true): Viewer => ({
  signedIn,
  hasRole: (r) => roles.includes(r),
  hasScope: (s) => scopes.includes(s),
});

test('a remote without requirements is usable by anyone', () => {
  expect(canUse(base, viewer([], [], false))).toBe(true);
});

test('roles are any-of, scopes are all-of', () => {
  const remote = { ...base, requires: { roles: ['admin', 'auditor'], scopes: ['a', 'b'] } };
  expect(canUse(remote, viewer(['auditor'], ['a', 'b']))).toBe(true);
  expect(canUse(remote, viewer(['member'], ['a', 'b']))).toBe(false);
  expect(canUse(remote, viewer(['admin'], ['a']))).toBe(false);
  expect(canUse(remote, viewer(['admin'], ['a', 'b'], false))).toBe(false);
});

test('the requirement reads as a sentence', () => {
  const english = createIntl({ locale: 'en', defaultLocale: 'en' });
  expect(
    describeRequirement({ ...base, requires: { roles: ['admin', 'auditor'], scopes: ['referrals:write'] } }, english),
  ).toBe('the role admin or auditor and the permission referrals:write');
  expect(describeRequirement({ ...base, requires: { scopes: ['a:read', 'b:read', 'c:read'] } }, english)).toBe(
    'the permissions a:read, b:read, and c:read',
  );
  const german = createIntl({ locale: 'de', defaultLocale: 'en', messages: deCatalogue });
  expect(
    describeRequirement({ ...base, requires: { roles: ['admin', 'auditor'], scopes: ['referrals:write'] } }, german),
  ).toBe('die Rolle admin oder auditor und die Berechtigung referrals:write');
});

describe('diagnostics access', () => {
  const viewer = (signedIn: boolean, roles: string[]) => ({
    signedIn,
    hasRole: (role: string) => roles.includes(role),
    hasScope: () => false,
  });
  test('public in development; otherwise only signed-in users with one of the configured roles', () => {
    expect(canSeeDiagnostics({ public: true, roles: ['admin'] }, viewer(false, []))).toBe(true);
    expect(canSeeDiagnostics({ public: false, roles: ['admin', 'ops'] }, viewer(true, ['ops']))).toBe(true);
    expect(canSeeDiagnostics({ public: false, roles: ['admin'] }, viewer(true, ['member']))).toBe(false);
    expect(canSeeDiagnostics({ public: false, roles: ['admin'] }, viewer(false, ['admin']))).toBe(false);
    expect(canSeeDiagnostics({ public: false, roles: [] }, viewer(true, ['admin']))).toBe(false);
  });
});

test('a contribution is seen by whom it allows: signed in when it requires that, with its roles and scopes', () => {
  const card = { requiresAuth: true };
  expect(canSee(card, viewer([], [], false))).toBe(false);
  expect(canSee(card, viewer([]))).toBe(true);
  expect(canSee({ requiresAuth: false }, viewer([], [], false))).toBe(true);
  const admins = { requiresAuth: false, requires: { roles: ['admin'] } };
  expect(canSee(admins, viewer([], [], false))).toBe(false);
  expect(canSee(admins, viewer(['member']))).toBe(false);
  expect(canSee(admins, viewer(['admin']))).toBe(true);
});

test('a contribution of a remote for some roles only is seen by no one else, whatever its own rules', () => {
  const fromAdminsRemote = { requiresAuth: true, remoteRequires: { roles: ['admin'] } };
  expect(canSee(fromAdminsRemote, viewer(['member']))).toBe(false);
  expect(canSee(fromAdminsRemote, viewer(['admin']))).toBe(true);
  const bothRules = { requiresAuth: true, requires: { roles: ['ops'] }, remoteRequires: { roles: ['admin'] } };
  expect(canSee(bothRules, viewer(['admin']))).toBe(false);
  expect(canSee(bothRules, viewer(['admin', 'ops']))).toBe(true);
});
