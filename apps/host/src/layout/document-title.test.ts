import { createIntl } from '@mfe/context';
import de from '../i18n/locales/de.json';
import { hostPageNames, titleFor } from './document-title';

const english = hostPageNames(createIntl({ locale: 'en', defaultLocale: 'en' }));

const remotes = [
  { name: 'referrals', path: '/referrals', label: 'Referrals' },
  { name: 'account', path: '/account', label: 'Account' },
];

test.each([
  ['/', 'Acme Web'],
  ['/referrals', 'Referrals · Acme Web'],
  ['/referrals/invite', 'Referrals · Acme Web'],
  ['/account/userinfo', 'Account · Acme Web'],
  ['/diagnostics', 'Diagnostics · Acme Web'],
  ['/referralsx', 'Page not found · Acme Web'],
])('the page at %s is titled %j', (path, title) => {
  expect(titleFor(path, 'Acme Web', remotes, english)).toBe(title);
});

test('the area names its own page in front of its label, only while that area is on screen', () => {
  const areaTitle = { remote: 'account', title: 'Provider profile' };
  expect(titleFor('/account/userinfo', 'Acme Web', remotes, english, areaTitle)).toBe(
    'Provider profile · Account · Acme Web',
  );
  expect(titleFor('/referrals', 'Acme Web', remotes, english, areaTitle)).toBe('Referrals · Acme Web');
  expect(titleFor('/account', 'Acme Web', remotes, english, { remote: 'account', title: 'Account' })).toBe(
    'Account · Acme Web',
  );
});

test("the host's own pages are named in the page's language", () => {
  const german = hostPageNames(createIntl({ locale: 'de', defaultLocale: 'en', messages: de }));
  expect(titleFor('/diagnostics', 'Acme Web', remotes, german)).toBe('Diagnose · Acme Web');
  expect(titleFor('/nowhere', 'Acme Web', remotes, german)).toBe(`${de['notFound.title']} · Acme Web`);
});
