/**
 * @jest-environment node
 */
import { contributionsOption, UsageError } from './cli-options';

test('--contributions takes a JSON list of contributions, read by the manifest rules (defaults filled in)', () => {
  expect(contributionsOption('[{"slot":"account.profile.aside","module":"referral-card","order":5}]')).toEqual([
    { slot: 'account.profile.aside', module: 'referral-card', order: 5, requiresAuth: true },
  ]);
  expect(contributionsOption('[]')).toEqual([]);
});

test.each([
  ['not JSON', '[{slot:', /takes a JSON list/],
  ['not a list', '{"slot":"account.profile.aside","module":"card"}', /must be a list of contributions/],
  ['a bad slot name', '[{"slot":"aside","module":"card"}]', /"0\.slot" must be two to four dot-separated parts/],
])('--contributions with %s is a usage error that says why', (_what, json, message) => {
  expect(() => contributionsOption(json)).toThrow(UsageError);
  expect(() => contributionsOption(json)).toThrow(message);
});
