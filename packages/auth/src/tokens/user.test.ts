import { toContractUser } from './user';

test('reads roles from a top-level array claim', () => {
  expect(toContractUser({ sub: 'u1', name: 'Ann', roles: ['admin', 7, 'member'] }, 'roles')).toMatchObject({
    sub: 'u1',
    name: 'Ann',
    roles: ['admin', 'member'],
  });
});

test('reads roles from a nested claim such as Keycloak realm_access.roles', () => {
  expect(toContractUser({ sub: 'u1', realm_access: { roles: ['viewer'] } }, 'realm_access.roles').roles).toEqual([
    'viewer',
  ]);
});

test('reads roles from a space- or comma-separated string', () => {
  expect(toContractUser({ sub: 'u1', groups: 'a, b c' }, 'groups').roles).toEqual(['a', 'b', 'c']);
});

test('a user without the claim has no roles, and the result is read-only', () => {
  const user = toContractUser({ sub: 'u1' }, 'roles');
  expect(user.roles).toEqual([]);
  expect(Object.isFrozen(user) && Object.isFrozen(user.claims)).toBe(true);
});
