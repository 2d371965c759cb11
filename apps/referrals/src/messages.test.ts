import { catalogueProblems } from '@mfe/context/testing';
import ar from './locales/ar.json';
import de from './locales/de.json';
import { messages } from './messages';

test('every shipped locale has every message, with the same placeholders, and formats', () => {
  expect(catalogueProblems(messages, { de, ar }, { anonymous: 'no', name: 'Ada', code: 'A1B2C3' })).toEqual([]);
});
