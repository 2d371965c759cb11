/**
 * DEVELOPMENT ONLY. Demo accounts for local work and tests; their passwords
 * are printed on start-up and written in the README on purpose.
 */
export interface DemoUser {
  readonly id: string;
  readonly username: string;
  readonly password: string;
  readonly name: string;
  readonly givenName: string;
  readonly familyName: string;
  readonly email: string;
  readonly roles: readonly string[];
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    id: 'u-alice',
    username: 'alice',
    password: 'alice-dev-password',
    name: 'Alice Admin',
    givenName: 'Alice',
    familyName: 'Admin',
    email: 'alice@example.test',
    roles: ['admin', 'member'],
  },
  {
    id: 'u-bob',
    username: 'bob',
    password: 'bob-dev-password',
    name: 'Bob Member',
    givenName: 'Bob',
    familyName: 'Member',
    email: 'bob@example.test',
    roles: ['member'],
  },
];

export function findUserById(id: string): DemoUser | undefined {
  return DEMO_USERS.find((user) => user.id === id);
}

export function checkCredentials(username: string, password: string): DemoUser | undefined {
  const user = DEMO_USERS.find((candidate) => candidate.username === username.trim().toLowerCase());
  return user && user.password === password ? user : undefined;
}

/** Claims of a user; the provider filters them by the granted scopes. */
export function claimsOf(user: DemoUser): Record<string, unknown> {
  return {
    sub: user.id,
    name: user.name,
    given_name: user.givenName,
    family_name: user.familyName,
    preferred_username: user.username,
    email: user.email,
    email_verified: true,
    roles: [...user.roles],
  };
}
