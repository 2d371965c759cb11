import type { ReactNode } from 'react';
import { PlatformError } from './errors';
import { HostProvider } from './provider';
import type { HostContext, RuntimeConfig, User } from './types';
import { CONTRACT_VERSION } from './version';

export interface TestHostOptions {
  /** Signed-in user; `null` for a signed-out visitor. Defaults to a demo user. */
  readonly user?: User | null;
  readonly accessToken?: string;
  readonly basePath?: string;
  readonly config?: Partial<RuntimeConfig>;
}

export interface TestHost {
  readonly context: HostContext;
  /** Every call the component made to the host, in order, for assertions. */
  readonly calls: Array<{ readonly method: string; readonly args: readonly unknown[] }>;
  readonly wrapper: (props: { children?: ReactNode }) => ReactNode;
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
    features: {},
    ...options.config,
  };
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
    },
  };
  const wrapper = ({ children }: { children?: ReactNode }) => <HostProvider value={context}>{children}</HostProvider>;
  return { context, calls, wrapper };
}
