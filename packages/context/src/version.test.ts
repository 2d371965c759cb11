import pkg from '../package.json';
import { CONTRACT_VERSION } from './version';

test('CONTRACT_VERSION equals the package version, which the federation share scope uses', () => {
  expect(CONTRACT_VERSION).toBe(pkg.version);
});
