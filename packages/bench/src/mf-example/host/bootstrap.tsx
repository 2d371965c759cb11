// BENCH FIXTURE: the example's host app: the remote registered at run time, its module loaded
// through React.lazy and rendered in Suspense under the page's header (the same content as every
// reference page: ../../plain/page).
import { init, loadRemote } from '@module-federation/enhanced/runtime';
import { lazy, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { PlainHeader } from '../../plain/header';

init({
  name: 'mf_example_host',
  remotes: [{ name: 'mf_example_remote', entry: new URL('/remote/remoteEntry.js', window.location.href).href }],
});

const Area = lazy(async () => (await loadRemote<{ default: ComponentType }>('mf_example_remote/Area'))!);

createRoot(document.getElementById('root')!).render(
  <>
    <PlainHeader />
    <Suspense fallback={null}>
      <Area />
    </Suspense>
  </>,
);
