import { render } from '@testing-library/react';
import type { RemoteEntry } from '../manifest';
import { likelyNext, mayPrefetch, useIdlePrefetch } from './idle-prefetch';

const remote = (name: string, requiresAuth = true): RemoteEntry => ({
  name,
  entry: `https://${name}.example/mf-manifest.json`,
  path: `/${name}`,
  label: name,
  order: 1,
  requiresAuth,
  timeoutMs: 10_000,
});
const remotes = [
  remote('referrals', false),
  remote('account'),
  remote('billing'),
  remote('help', false),
  remote('admin'),
];

test('likely next: the areas the viewer can open now, in navigation order, not the current one, at most three', () => {
  expect(likelyNext(remotes, '/referrals/invite', true).map((r) => r.name)).toEqual(['account', 'billing', 'help']);
  expect(likelyNext(remotes, '/', false).map((r) => r.name)).toEqual(['referrals', 'help']);
});

test('nothing ahead with Save-Data or on a 2G connection; allowed where the browser does not say', () => {
  expect(mayPrefetch({ saveData: true, effectiveType: '4g' })).toBe(false);
  expect(mayPrefetch({ effectiveType: '2g' })).toBe(false);
  expect(mayPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
  expect(mayPrefetch({ saveData: false, effectiveType: '4g' })).toBe(true);
  expect(mayPrefetch(undefined)).toBe(true);
});

function Preloader(props: {
  names: string[];
  ready: boolean;
  load: (name: string) => Promise<unknown>;
  allowed?: () => boolean;
  idle: Array<() => void>;
}) {
  useIdlePrefetch(
    props.names.map((name) => remote(name)),
    props.ready,
    props.load,
    (callback) => {
      props.idle.push(callback);
      return () => undefined;
    },
    props.allowed ?? (() => true),
  );
  return null;
}

test('loads one remote per idle period, in order, only once ready, and goes on after a failure', async () => {
  const idle: Array<() => void> = [];
  const loaded: string[] = [];
  const load = jest.fn(async (name: string) => {
    loaded.push(name);
    if (name === 'account') throw new Error('down');
  });
  const { rerender } = render(<Preloader names={['account', 'billing']} ready={false} load={load} idle={idle} />);
  expect(idle).toHaveLength(0);
  rerender(<Preloader names={['account', 'billing']} ready load={load} idle={idle} />);
  expect(idle).toHaveLength(1);
  idle.shift()!();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(loaded).toEqual(['account']);
  expect(idle).toHaveLength(1);
  idle.shift()!();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(loaded).toEqual(['account', 'billing']);
  expect(idle).toHaveLength(0);
});

test('schedules nothing when loading ahead is not welcome', () => {
  const idle: Array<() => void> = [];
  render(<Preloader names={['account']} ready load={jest.fn()} idle={idle} allowed={() => false} />);
  expect(idle).toHaveLength(0);
});
