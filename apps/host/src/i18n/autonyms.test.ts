import { PSEUDO_LOCALE } from '@mfe/context';
import ar from './locales/ar.json';
import de from './locales/de.json';
import { SHIPPED_AUTONYMS, autonym, autonymFromEngine } from './autonyms';

// The shell's catalogues (as shell-messages.test.ts lists them), its default and the pseudo-locale.
const shellLocales = ['en', PSEUDO_LOCALE, ...Object.keys({ de, ar })];

test.each(shellLocales)('the shell ships %s with its own name written out', (locale) => {
  expect(SHIPPED_AUTONYMS[locale]).toBeDefined();
});

test.each(Object.keys(SHIPPED_AUTONYMS))('the name written out for %s is the engine’s', (locale) => {
  expect(autonym(locale)).toBe(autonymFromEngine(locale));
});

test('a language the shell has no texts for is named by the engine', () => {
  expect(autonym('fr')).toBe('Français');
});

test('a tag the engine cannot name is shown as it is', () => {
  expect(autonym('x-not-a-language')).toBe('x-not-a-language');
});
