import { createIntl, isPlatformError } from '@mfe/context';
import de from '../i18n/locales/de.json';
import { AreaLoadError, areaErrorText, describeAreaFailure } from './area-failure';

const english = createIntl({ locale: 'en', defaultLocale: 'en' });
const german = createIntl({ locale: 'de', defaultLocale: 'en', messages: de });

test('an area that could not load is a PlatformError with its code and an English message for logs', () => {
  const error = new AreaLoadError('REMOTE_LOAD_FAILED', 'Referrals', { kind: 'timeout', seconds: 1.5 });
  expect(isPlatformError(error, 'REMOTE_LOAD_FAILED')).toBe(true);
  expect(error.message).toBe(
    'The "Referrals" area took too long to load (over 1.5 s). Check your connection and retry.',
  );
});

test("the visitor reads the same failure in the page's language, numbers as the language writes them", () => {
  const error = new AreaLoadError('REMOTE_LOAD_FAILED', 'Referrals', { kind: 'timeout', seconds: 1.5 });
  expect(areaErrorText(german, 'Empfehlungen', error)).toBe(
    'Der Bereich „Empfehlungen“ hat zu lange zum Laden gebraucht (über 1,5 s). Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  );
});

test('an incompatible build names each package and version, the contract by its role, as a list in the language', () => {
  const failure = {
    kind: 'incompatible',
    problems: [
      { packageName: 'react', required: '^18.0.0', provided: '19.3.1' },
      { packageName: '@mfe/context', required: '^1.2.0', provided: '1.1.0' },
    ],
  } as const;
  expect(describeAreaFailure(english, 'Referrals', failure)).toMatch(
    /^The "Referrals" area needs an update: it was built for react \^18\.0\.0 \(this app provides 19\.3\.1\) and the platform contract \^1\.2\.0 \(this app provides 1\.1\.0\)\. Its team needs to rebuild it against this app's versions/,
  );
  expect(describeAreaFailure(german, 'Empfehlungen', failure)).toContain(
    'für react ^18.0.0 (diese App bietet 19.3.1) und den Plattformvertrag ^1.2.0 (diese App bietet 1.1.0) gebaut',
  );
});

test('any other error is shown with its own message', () => {
  expect(areaErrorText(german, 'Empfehlungen', new Error('Refused https://x for "referrals"'))).toBe(
    'Refused https://x for "referrals"',
  );
});
