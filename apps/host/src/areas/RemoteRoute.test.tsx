import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import {
  createEventBus,
  defineRemote,
  useEvent,
  useEvents,
  useHost,
  useRemote,
  useUser,
  type RemoteModule,
  type RootEventBus,
} from '@mfe/context';
import type { LazySession } from '@mfe/auth';
import { parseRuntimeConfig, type HostConfig } from '../config';
import { HostServicesProvider } from '../host-services/hooks';
import { createConsentStore } from '@mfe/context';
import type { RemoteEntry } from '../manifest';
import type { RemoteLoader } from '../remotes/remote-loader';
import { ContributionLoader } from '../remotes/contribution-loader';
import { LoadTrace } from '../remotes/load-trace';
import { RemoteRoute } from './RemoteRoute';
import { createPageTitles } from '../page-titles';
import { createPageLocale } from '../i18n/page-locale';

const entry: RemoteEntry = {
  name: 'referrals',
  entry: 'https://cdn.example/mf-manifest.json',
  path: '/referrals',
  label: 'Referrals',
  order: 1,
  requiresAuth: true,
  timeoutMs: 10_000,
};
const config: HostConfig = parseRuntimeConfig({
  productName: 'Acme',
  auth: { authority: 'https://idp.example', clientId: 'web', scopes: 'openid', rolesClaim: 'roles' },
});
const user = { sub: 'u1', name: 'Ann', roles: [], claims: {} };

function fakeSession(): LazySession {
  return {
    subscribe: () => () => undefined,
    currentUser: () => user,
    isLeaving: () => false,
    api: {
      user,
      getAccessToken: async () => 'token',
      signIn: async () => undefined,
      signOut: async () => undefined,
      hasRole: () => false,
      hasScope: () => false,
    },
  } as unknown as LazySession;
}

function mount(
  calls: Pick<RemoteLoader, 'load' | 'retry'> & Partial<Pick<RemoteLoader, 'traceOf'>>,
  path: string,
  events: RootEventBus = createEventBus(),
) {
  const loader: Pick<RemoteLoader, 'load' | 'retry' | 'build' | 'describe' | 'loadedModule' | 'traceOf'> = {
    loadedModule: () => undefined,
    traceOf: () => undefined,
    build: () => ({ version: '1.4.0' }),
    describe: (name) => ({ name, version: '1.4.0' }),
    ...calls,
  };
  render(
    <HostServicesProvider
      value={{
        config,
        session: fakeSession(),
        manifest: { remotes: [entry], contributors: [], problems: [] },
        loader: loader as unknown as RemoteLoader,
        contributions: new ContributionLoader(loader as unknown as RemoteLoader),
        api: { fetch: jest.fn(), json: jest.fn() },
        events,
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
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/referrals/*" element={<RemoteRoute remote={entry} />} />
          <Route path="/elsewhere" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </HostServicesProvider>,
  );
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

test('a remote renders its own nested routes under the mount point with the host context', async () => {
  function Invite() {
    const { basePath } = useRemote();
    return (
      <p>
        invite page of {useUser()?.name} under {basePath}
      </p>
    );
  }
  const module = defineRemote({
    App: () => (
      <Routes>
        <Route index element={<p>overview</p>} />
        <Route path="invite" element={<Invite />} />
      </Routes>
    ),
  });
  mount({ load: async () => module, retry: async () => module }, '/referrals/invite');
  expect(await screen.findByText('invite page of Ann under /referrals')).toBeTruthy();
});

test("an area's load trace ends with its render, once it is on screen, and then watches its element", async () => {
  const module = defineRemote({ App: () => <button type="button">Invite someone</button> });
  const trace = new LoadTrace(() => ({ name: 'referrals' }), performance.now());
  trace.end('module');
  mount({ load: async () => module, retry: async () => module, traceOf: () => trace }, '/referrals');
  await screen.findByText('Invite someone');
  expect(trace.phases().map((phase) => phase.name)).toEqual(['module', 'render']);
});

test('a remote that throws while rendering shows an error panel naming it, and Retry renders it again', async () => {
  let shouldThrow = true;
  const module: RemoteModule = defineRemote({
    App: () => {
      if (shouldThrow) throw new Error('boom');
      return <p>recovered</p>;
    },
  });
  mount({ load: async () => module, retry: async () => module }, '/referrals');
  const panel = await screen.findByRole('alert');
  expect(panel.textContent).toContain('Referrals is unavailable');
  expect(panel.textContent).toContain('boom');
  shouldThrow = false;
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('recovered')).toBeTruthy();
});

test('a remote that fails to load shows the panel, and Retry asks the loader to retry', async () => {
  const module = defineRemote({ App: () => <p>loaded</p> });
  const loader = {
    load: jest.fn().mockRejectedValue(new Error('The "Referrals" area could not be loaded.')),
    retry: jest.fn().mockResolvedValue(module),
  };
  mount(loader, '/referrals');
  expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
  expect(await screen.findByText('loaded')).toBeTruthy();
  expect(loader.retry).toHaveBeenCalledWith('referrals');
});

test('subscriptions a remote made without the hooks, and never ended, end when it unmounts', async () => {
  const events = createEventBus();
  function Leaky() {
    const bus = useEvents();
    // No cleanup, on purpose: the host's scope must end these.
    useState(() => [
      bus.on('referrals:invite-sent', () => undefined),
      bus.on('referrals:invite-sent', () => undefined),
    ]);
    return <p>leaky remote</p>;
  }
  const module = defineRemote({ App: Leaky });
  mount({ load: async () => module, retry: async () => module }, '/referrals', events);
  expect(await screen.findByText('leaky remote')).toBeTruthy();
  expect(events.subscriptionCount()).toBe(2);
  cleanup(); // unmounts the remote's route
  expect(events.subscriptionCount()).toBe(0);
});

test('navigating inside an area keeps its context (a subscription asking for the last event is not replayed again)', async () => {
  const events = createEventBus();
  events.emit('referrals:invite-sent', { email: 'a@example.test', sentAt: '2026-11-26T10:00:00Z' });
  const delivered: string[] = [];
  const hosts = new Set<unknown>();
  function Counter() {
    hosts.add(useHost());
    useEvent('referrals:invite-sent', ({ email }) => delivered.push(email), { replayLast: true });
    const navigate = useNavigate();
    const { pathname } = useLocation();
    return (
      <button type="button" onClick={() => void navigate(`${pathname}/next`)}>
        page {pathname}
      </button>
    );
  }
  const module = defineRemote({ App: Counter });
  mount({ load: async () => module, retry: async () => module }, '/referrals', events);
  fireEvent.click(await screen.findByText('page /referrals'));
  fireEvent.click(await screen.findByText('page /referrals/next'));
  expect(await screen.findByText('page /referrals/next/next')).toBeTruthy();
  expect(hosts.size).toBe(1);
  expect(delivered).toEqual(['a@example.test']);
});
