/**
 * @jest-environment node
 */
import { contributionsOption } from './options';
import { parseTarget, versionedTarget } from '../store/target';

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
  expect(() => contributionsOption(json)).toThrow(expect.objectContaining({ code: 'RELEASE_USAGE' }));
  expect(() => contributionsOption(json)).toThrow(message);
});

test('a target is <name> or <name>@<version>, split at its last @; a command that needs the version says so', () => {
  expect(parseTarget('referrals')).toEqual({ name: 'referrals' });
  expect(parseTarget('referrals@1.4.0')).toEqual({ name: 'referrals', version: '1.4.0' });
  expect(versionedTarget('@team/ui@2.0.0')).toEqual({ name: '@team/ui', version: '2.0.0' });
  expect(() => versionedTarget('referrals')).toThrow(expect.objectContaining({ code: 'RELEASE_USAGE' }));
});
