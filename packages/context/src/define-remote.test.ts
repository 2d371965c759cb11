import { defineRemote, isRemoteModule } from './define-remote';

const App = () => null;

test('defineRemote marks the module so the host can recognise it', () => {
  const module = defineRemote({ App });
  expect(isRemoteModule(module)).toBe(true);
  expect(module.App).toBe(App);
  expect(Object.isFrozen(module)).toBe(true);
});

test.each([
  ['undefined', undefined],
  ['a bare component', App],
  ['an object without the marker', { App }],
  ['a marker without a component', { kind: 'mfe.remote' }],
  ['a component that is not renderable', { kind: 'mfe.remote', App: 'div' }],
])('isRemoteModule refuses %s', (_label, value) => {
  expect(isRemoteModule(value)).toBe(false);
});
