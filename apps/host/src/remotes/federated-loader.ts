import { getInstance } from '@module-federation/enhanced/runtime';
import { RemoteLoader, type FederationRuntime } from './remote-loader';

/** The page's one remote loader, on the federation runtime the host's build made. */
export function federatedLoader(): RemoteLoader {
  const runtime = getInstance();
  if (!runtime) throw new Error('The Module Federation runtime is missing: build the host with webpack.shared.js.');
  return new RemoteLoader(runtime as unknown as FederationRuntime, __MFE_PROVIDED_VERSIONS__);
}
