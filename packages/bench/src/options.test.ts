/** @jest-environment node */
import { LOADS, readOptions } from './options';

const argv = (...args: string[]) => ['node', 'run.ts', ...args];

test('a full run measures ten loads per case, a quick (smoke) one a single load', () => {
  expect(readOptions(argv())).toEqual({ quick: false, loads: LOADS.full, only: undefined });
  expect(readOptions(argv('--quick'))).toEqual({ quick: true, loads: LOADS.quick, only: undefined });
  expect(LOADS.quick).toBe(1);
});

test('--loads sets the number of pairs, alongside --only', () => {
  expect(readOptions(argv('--only', 'interactive', '--loads', '30'))).toEqual({
    quick: false,
    loads: 30,
    only: 'interactive',
  });
});

test.each([['0'], ['2'], ['ten'], ['12.5'], ['-5']])('--loads %s is refused with what it takes', (value) => {
  expect(() => readOptions(argv('--loads', value))).toThrow(/whole number of 3 or more/);
});

test('a flag without its value is refused, naming an example', () => {
  expect(() => readOptions(argv('--loads'))).toThrow(/--loads needs a value/);
  expect(() => readOptions(argv('--only', '--quick'))).toThrow(/--only needs a value.*--only navigation/);
});

test('--quick with --loads is refused rather than one silently winning', () => {
  expect(() => readOptions(argv('--quick', '--loads', '20'))).toThrow(/give one/);
});
