/**
 * @jest-environment node
 */
import { report } from './index';

// The host's modules also run in Node, rendering pages ahead of time: a report made there (a remote
// loaded for the page) is kept, never sent, and must not throw (it would end the renderer's process).
test('a report made while rendering a page in Node neither throws nor needs a page', () => {
  expect(typeof window).toBe('undefined');
  expect(() => report({ kind: 'event', name: 'remote loaded', remote: { name: 'referrals' } })).not.toThrow();
});
