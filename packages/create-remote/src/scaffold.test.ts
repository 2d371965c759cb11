import { planRemote, ScaffoldError } from './scaffold';

const workspace = {
  apps: ['host', 'referrals', 'account', 'dev-idp'],
  devRemotes: [
    { name: 'referrals', path: '/referrals', label: 'Referrals', order: 10, port: 3001 },
    { name: 'account', path: '/account', label: 'Account', order: 20, port: 3002 },
  ],
};

const refusal = (request: Parameters<typeof planRemote>[0]) => {
  try {
    planRemote(request, workspace);
  } catch (error) {
    if (error instanceof ScaffoldError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('planning a new feature area', () => {
  it('takes the next free port and order, and a label from the name', () => {
    expect(planRemote({ name: 'payments', route: '/payments' }, workspace)).toEqual({
      name: 'payments',
      route: '/payments',
      label: 'Payments',
      port: 3003,
      order: 30,
    });
  });

  it.each([
    ['Payments', 'NAME_INVALID'],
    ['pay-ments', 'NAME_INVALID'],
    ['1payments', 'NAME_INVALID'],
    ['p'.repeat(65), 'NAME_INVALID'],
    ['referrals', 'NAME_TAKEN'],
    ['host', 'NAME_TAKEN'],
  ])('refuses the name %s (%s) and says what to use', (name, code) => {
    const { code: actual, message } = refusal({ name, route: '/somewhere' });
    expect(actual).toBe(code);
    expect(message).toMatch(/Choose another name|For example/);
  });

  it.each([
    ['payments', 'ROUTE_INVALID'],
    ['/Payments', 'ROUTE_INVALID'],
    ['/payments/', 'ROUTE_INVALID'],
    ['/pay ments', 'ROUTE_INVALID'],
    ['/referrals', 'ROUTE_CLASH'],
    ['/referrals/extra', 'ROUTE_CLASH'],
    ['/diagnostics', 'ROUTE_CLASH'],
    ['/auth/payments', 'ROUTE_CLASH'],
  ])('refuses the route %s (%s)', (route, code) => {
    expect(refusal({ name: 'payments', route }).code).toBe(code);
  });

  it('names the remote a route clashes with', () => {
    expect(refusal({ name: 'payments', route: '/account' }).message).toContain('"account" is mounted');
  });

  it('accepts a route that only shares a prefix of characters with another', () => {
    expect(planRemote({ name: 'refs', route: '/referrals-archive' }, workspace).route).toBe('/referrals-archive');
  });

  it("accepts exactly the labels the host's manifest accepts (40 characters at most)", () => {
    expect(planRemote({ name: 'payments', route: '/payments', label: 'L'.repeat(40) }, workspace).label).toHaveLength(
      40,
    );
    expect(refusal({ name: 'payments', route: '/payments', label: 'L'.repeat(41) }).code).toBe('LABEL_INVALID');
  });

  it('refuses a label that could break out of markup or JSON', () => {
    expect(refusal({ name: 'payments', route: '/payments', label: 'Pay<script>' }).code).toBe('LABEL_INVALID');
  });

  it('refuses a bundler the preset does not build with, naming those it does', () => {
    expect(refusal({ name: 'payments', route: '/payments', bundler: 'vite' })).toEqual({
      code: 'BUNDLER_INVALID',
      message: expect.stringContaining('give one of webpack, rspack, rsbuild'),
    });
  });
});
