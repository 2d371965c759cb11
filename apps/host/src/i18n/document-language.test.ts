import { applyToRoot } from './document-language';

function watched(lang: string, dir: string) {
  const root = document.createElement('html');
  root.setAttribute('lang', lang);
  root.setAttribute('dir', dir);
  const observer = new MutationObserver(() => undefined);
  observer.observe(root, { attributes: true });
  return { root, written: () => observer.takeRecords().map((record) => record.attributeName) };
}

test('a page already in the locale keeps its lang and dir attributes untouched', () => {
  const { root, written } = watched('en', 'ltr');
  applyToRoot(root, 'en', 'ltr');
  expect(written()).toEqual([]);
});

test('a page changing language gets the new lang, and dir only when the direction changes', () => {
  const { root, written } = watched('en', 'ltr');
  applyToRoot(root, 'de', 'ltr');
  expect(written()).toEqual(['lang']);
  applyToRoot(root, 'ar', 'rtl');
  expect(written()).toEqual(['lang', 'dir']);
  expect([root.lang, root.dir]).toEqual(['ar', 'rtl']);
});
