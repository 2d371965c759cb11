import type { ReactNode } from 'react';
export { catalogueProblems } from './catalogue-check';
import { createConsentStore, NO_CONSENT, type ConsentState } from './consent';
import { ApiError, PlatformError } from './errors';
import { createEventBus, type RootEventBus } from './events';
import { createIntl, fixedIntl } from './intl';
import { HostProvider } from './provider';
import type { HostContext, RuntimeConfig, User } from './types';
import { CONTRACT_VERSION } from './version';

export interface TestHostOptions {
  /** Signed-in user; `null` for a signed-out visitor. Defaults to a demo user. */
  readonly user?: User | null;
  readonly accessToken?: string;
  readonly basePath?: string;
  readonly config?: Partial<RuntimeConfig>;
  /** Scopes the test user's token has. */
  readonly scopes?: readonly string[];
  /** Answers the remote's `api` calls; by default every call is a 404. */
  readonly fetch?: (url: string, init?: RequestInit) => Promise<Response>;
  /** The page's event bus, to emit events "from another remote" or watch what the component emits. A fresh one by default. */
  readonly events?: RootEventBus;
  /** The user's consent at the start (nothing decided by default); `context.consent.set` changes it. */
  readonly consent?: Partial<ConsentState>;
  /**
   * The page's locale (default "en", the default locale) and the area's translations for it; a
   * message the translations lack is recorded as a `intl.missing` call (as the host reports it).
   */
  readonly locale?: string;
  readonly messages?: Readonly<Record<string, string>>;
  readonly defaultLocale?: string;
}

export interface TestHost {
  readonly context: HostContext;
  /** Every call the component made to the host, in order, for assertions. */
  readonly calls: Array<{ readonly method: string; readonly args: readonly unknown[] }>;
  readonly wrapper: (props: { children?: ReactNode }) => ReactNode;
  /** The bus the component sees: `events.emit(...)` plays another remote, `events.subscriptionCount()` checks for leaks. */
  readonly events: RootEventBus;
}

export const TEST_USER: User = Object.freeze({
  sub: 'test-user',
  name: 'Test User',
  email: 'test.user@example.test',
  roles: Object.freeze(['member']),
  claims: Object.freeze({ sub: 'test-user', name: 'Test User' }),
});

/**
 * A host context for unit tests of remote components: records calls instead
 * of navigating or signing in. Use its `wrapper` with @testing-library/react.
 */
export function createTestHost(options: TestHostOptions = {}): TestHost {
  const calls: Array<{ method: string; args: readonly unknown[] }> = [];
  const record = (method: string, ...args: unknown[]) => calls.push({ method, args });
  const user = options.user === undefined ? TEST_USER : options.user;
  const config: RuntimeConfig = {
    productName: 'Test Product',
    auth: { authority: 'https://idp.example.test', clientId: 'test', scopes: 'openid', rolesClaim: 'roles' },
    apiOrigins: [],
    features: {},
    ...options.config,
  };
  const answer = async (url: string, init?: RequestInit): Promise<Response> => {
    if (!options.fetch)
      throw new ApiError(
        'API_UNREACHABLE',
        `No API answers in this test: pass a fetch to createTestHost() (called ${url}).`,
        { url },
      );
    return options.fetch(url, init);
  };
  const events = options.events ?? createEventBus();
  const context: HostContext = {
    contractVersion: CONTRACT_VERSION,
    auth: {
      user,
      getAccessToken: async () => {
        record('getAccessToken');
        if (!user) throw new PlatformError('AUTH_REQUIRED', 'Sign in first.');
        return options.accessToken ?? 'test-access-token';
      },
      signIn: async (returnTo?: string) => void record('signIn', returnTo),
      signOut: async () => void record('signOut'),
      hasRole: (role) => user?.roles.includes(role) ?? false,
      hasScope: (scope) => (options.scopes ?? ['openid']).includes(scope),
    },
    api: {
      fetch: async (input, init) => {
        record('api.fetch', String(input), init);
        return answer(String(input), init);
      },
      json: async <T,>(input: string | URL, init?: RequestInit): Promise<T> => {
        record('api.json', String(input), init);
        const response = await answer(String(input), init);
        if (!response.ok)
          throw new ApiError('API_FAILED', `The API answered ${response.status}.`, {
            url: String(input),
            status: response.status,
          });
        return (await response.json()) as T;
      },
    },
    telemetry: {
      track: (event, properties) => void record('track', event, properties),
      captureError: (error, ctx) => void record('captureError', error, ctx),
    },
    config,
    remote: {
      name: 'test-remote',
      basePath: options.basePath ?? '/test',
      navigate: (to, navigateOptions) => void record('navigate', to, navigateOptions),
      setTitle: (title) => void record('remote.setTitle', title),
    },
    events: {
      emit: (name, payload) => {
        record('events.emit', name, payload);
        events.emit(name, payload);
      },
      on: (name, handler, subscribeOptions) => events.on(name, handler, subscribeOptions),
    },
    consent: createConsentStore({ ...NO_CONSENT, ...options.consent }, (state) => void record('consent.set', state)),
    intl: fixedIntl(
      createIntl({
        locale: options.locale ?? options.defaultLocale ?? 'en',
        defaultLocale: options.defaultLocale ?? 'en',
        ...(options.messages ? { messages: options.messages } : {}),
        onMissing: (id, locale) => void record('intl.missing', id, locale),
      }),
    ),
  };
  const wrapper = ({ children }: { children?: ReactNode }) => <HostProvider value={context}>{children}</HostProvider>;
  return { context, calls, wrapper, events };
}
