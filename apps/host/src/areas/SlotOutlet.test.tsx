import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createConsentStore, createEventBus, defineContribution, defineRemote, Slot, useRemote } from '@mfe/context';
import type { LazySession } from '@mfe/auth';
import { parseRuntimeConfig } from '../config';
import { HostServicesProvider } from '../host-services/hooks';
import { createPageLocale } from '../i18n/page-locale';
import type { RemoteEntry } from '../manifest';
import { createPageTitles } from '../page-titles';
import { ContributionLoader } from '../remotes/contribution-loader';
import type { RemoteLoader } from '../remotes/remote-loader';
import { RemoteRoute } from './RemoteRoute';

// The account area offers a slot on its page; referrals and billing fill it (as the manifest says).
const account: RemoteEntry = {
  name: 'account',
  entry: 'https://cdn.example/account/mf-manifest.json',
  path: '/account',
  label: 'Account',
  order: 1,
  requiresAuth: true,
  timeoutMs: 10_000,
};
const contributing = (name: string, contributions: RemoteEntry['contributions']): RemoteEntry => ({
  ...account,
  name,
  path: `/${name}`,
  label: name === 'referrals' ? 'Referrals' : 'Billing',
  entry: `https://cdn.example/${name}/mf-manifest.json`,
  contributions,
});
const aside = (module: string, more: object = {}) => ({
  slot: 'account.profile.aside',
  module,
  order: 100,
  requiresAuth: true,
  ...more,
});

const AccountPage = defineRemote({
  App: () => (
    <main>
      <h1>Your account</h1>
      <Slot name="account.profile.aside" params={{ userId: 'u1' }} fallback={<p>Nothing beside the profile</p>} />
      <button type="button">After the slot</button>
    </main>
  ),
});

function signedIn(roles: string[] = []): LazySession {
  const user = { sub: 'u1', name: 'Ann', roles, claims: {} };
  const snapshot = { user, status: 'active' };
  return {
    subscribe: () => () => undefined,
    currentUser: () => user,
    getSnapshot: () => snapshot,
    getServerSnapshot: () => snapshot,
    onScreen: { signedIn: true, hasRole: (role: string) => roles.includes(role), hasScope: () => false },
    isLeaving: () => false,
    api: {
      user,
      getAccessToken: async () => 'token',
      signIn: async () => undefined,
      signOut: async () => undefined,
      hasRole: (role: string) => roles.includes(role),
      hasScope: () => false,
    },
  } as unknown as LazySession;
}

function mount(remotes: RemoteEntry[], modules: Record<string, () => Promise<unknown>>, roles: string[] = []) {
  const exposed = jest.fn((name: string, expose: string) => {
    const load = modules[`${name}/${expose}`];
    return load ? load() : Promise.reject(new Error(`no ${name}/${expose}`));
  });
  const loader = {
    loadedModule: () => undefined,
    traceOf: () => undefined,
    load: async () => AccountPage,
    retry: async () => AccountPage,
    build: () => ({ version: '2.0.0' }),
    describe: (name: string) => ({ name, version: '2.0.0' }),
    entryOf: (name: string) => remotes.find((remote) => remote.name === name),
    loadExposed: exposed,
  } as unknown as RemoteLoader;
  const contributions = new ContributionLoader(loader);
  const router = createMemoryRouter([{ path: '/account/*', element: <RemoteRoute remote={account} /> }], {
    initialEntries: ['/account'],
  });
  render(
    <HostServicesProvider
      value={{
        config: parseRuntimeConfig({
          productName: 'Acme',
          auth: { authority: 'https://idp.example', clientId: 'web', scopes: 'openid', rolesClaim: 'roles' },
        }),
        session: signedIn(roles),
        manifest: { remotes: [account, ...remotes], contributors: [], problems: [] },
        loader,
        contributions,
        api: { fetch: jest.fn(), json: jest.fn() },
        events: createEventBus(),
        consent: createConsentStore(),
        locale: createPageLocale({
          defaultLocale: 'en',
          locales: ['en'],
          storage: null,
          languages: [],
          loadShellCatalogue: () => Promise.reject(new Error('No catalogues here.')),
          onMissing: () => undefined,
        }),
        pageTitles: createPageTitles(),
        styles: { show: () => () => undefined, dispose: () => undefined },
      }}
    >
      <RouterProvider router={router} />
    </HostServicesProvider>,
  );
  return { exposed, contributions };
}

// Everything is in view at once here (jsdom lays nothing out).
beforeAll(() => {
  class InView {
    constructor(private readonly seen: (entries: Array<{ isIntersecting: boolean }>) => void) {}
    observe() {
      queueMicrotask(() => this.seen([{ isIntersecting: true }]));
    }
    disconnect() {}
  }
  Object.assign(globalThis, { IntersectionObserver: InView });
});
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

const exporting = (contribution: unknown) => async () => ({ default: contribution });

test("contributions render in the manifest's order with the slot's parameters, each under its own remote's context", async () => {
  function Card({ params }: { params: { userId: string } }) {
    return (
      <p>
        Invite friends, {params.userId}, from {useRemote().name} at {useRemote().basePath}
      </p>
    );
  }
  const { exposed } = mount(
    [
      contributing('referrals', [aside('referral-card', { order: 20 })]),
      contributing('billing', [aside('plan', { order: 10 })]),
    ],
    {
      'referrals/contributions/referral-card': exporting(defineContribution('account.profile.aside', Card)),
      'billing/contributions/plan': exporting(defineContribution('account.profile.aside', () => <p>Your plan</p>)),
    },
  );
  expect(await screen.findByText('Invite friends, u1, from referrals at /referrals')).toBeTruthy();
  expect(await screen.findByText('Your plan')).toBeTruthy();
  const order = [...document.querySelectorAll('[data-contribution]')].map((frame) => frame.getAttribute('data-remote'));
  expect(order).toEqual(['billing', 'referrals']);
  expect(exposed.mock.calls.sort()).toEqual([
    ['billing', 'contributions/plan'],
    ['referrals', 'contributions/referral-card'],
  ]);
});

test('a contribution that throws says so in place, announced, while the page and the other contributions work; Retry keeps focus on it until its budget is spent', async () => {
  let throws = true;
  const Broken = () => {
    if (throws) throw new Error('card exploded');
    return <p>Card is back</p>;
  };
  const { contributions } = mount(
    [contributing('referrals', [aside('referral-card'), aside('fine', { order: 200 })])],
    {
      'referrals/contributions/referral-card': exporting(defineContribution('account.profile.aside', Broken)),
      'referrals/contributions/fine': exporting(defineContribution('account.profile.aside', () => <p>Fine card</p>)),
    },
  );
  const notice = await screen.findByTestId('contribution-failed');
  expect(notice.textContent).toContain('Part from Referrals could not be shown. The rest of this page still works.');
  // Said by the frame's status region, which was in the page before (a region inserted already filled is not announced by all).
  const frame = notice.closest('[data-contribution]')!;
  const said = frame.querySelector('[data-testid=contribution-announcement]')!;
  expect(said.getAttribute('role')).toBe('status');
  expect(said.textContent).toBe('Part from Referrals could not be shown. The rest of this page still works.');
  expect(await screen.findByText('Fine card')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'After the slot' })).toBeTruthy();
  // Nothing took focus away from where the person was.
  expect(document.activeElement).toBe(document.body);
  // Retry renders it again; two more failures spend its budget of three.
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByTestId('contribution-failed')).toBeTruthy();
  // Focus stayed on the part, not on the body when its Retry button went.
  expect(document.activeElement).toBe(
    document.querySelector('[data-contribution="account.profile.aside referrals/referral-card"]'),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  const gaveUp = await screen.findByText(/reload the page to try again/);
  expect(gaveUp).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  expect(contributions.snapshot().find((record) => record.module === 'referral-card')).toMatchObject({
    state: 'failed',
    failures: 3,
    lastError: { code: 'REMOTE_RENDER_FAILED', message: 'card exploded' },
  });
  throws = false;
});

test('a part whose code could not be loaded comes back on Retry: focus stays on it and its return is announced', async () => {
  let reachable = false;
  mount([contributing('referrals', [aside('referral-card')])], {
    'referrals/contributions/referral-card': () =>
      reachable
        ? exporting(defineContribution('account.profile.aside', () => <p>Card is here</p>))()
        : Promise.reject(new TypeError('Failed to fetch')),
  });
  const notice = await screen.findByTestId('contribution-failed');
  const frame = notice.closest('[data-contribution]')!;
  const said = () => frame.querySelector('[data-testid=contribution-announcement]')!.textContent;
  expect(said()).toBe('Part from Referrals could not be shown. The rest of this page still works.');
  reachable = true;
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Card is here')).toBeTruthy();
  expect(document.activeElement).toBe(frame);
  expect(said()).toBe('Part from Referrals is shown again.');
});

test('a module written for another slot, or not made with defineContribution, is refused and said so', async () => {
  mount([contributing('referrals', [aside('tile'), aside('plain', { order: 200 })])], {
    'referrals/contributions/tile': exporting(defineContribution('home.tiles', () => <p>A tile</p>)),
    'referrals/contributions/plain': async () => ({ default: () => <p>plain</p> }),
  });
  await act(async () => undefined);
  expect(await screen.findAllByTestId('contribution-failed')).toHaveLength(2);
  expect(screen.queryByText('A tile')).toBeNull();
});

test("a contribution the person may not see is never downloaded, and an empty slot shows the page's fallback", async () => {
  const { exposed } = mount(
    [contributing('referrals', [aside('admin-card', { requires: { roles: ['admin'] } })])],
    {},
    ['member'],
  );
  expect(await screen.findByText('Nothing beside the profile')).toBeTruthy();
  await act(async () => undefined);
  expect(exposed).not.toHaveBeenCalled();
  expect(document.querySelector('[data-slot]')).toBeNull();
});
