import { catalogueProblems } from '@mfe/context/testing';
import ar from './locales/ar.json';
import de from './locales/de.json';
import { shellMessages } from './shell-messages';

// Each shipped catalogue of the shell has every key of the code, no other, the same placeholders,
// and formats in its locale (a broken plural or select fails here, not in front of a visitor).
test('the shell ships German and Arabic, each complete', () => {
  expect(catalogueProblems(shellMessages, { de, ar }, { needs: 'analytics' })).toEqual([]);
});
