import { clearOverrides, leavePreview, OVERRIDES_KEY, PREVIEW_KEY, tabChoicesAsked } from './tab-choices';

const page = 'https://app.example/referrals';

beforeEach(() => sessionStorage.clear());

test('a tab that asked for nothing downloads no preview or override code', () => {
  expect(tabChoicesAsked(page, sessionStorage)).toBe(false);
  expect(tabChoicesAsked(`${page}?other=1`, sessionStorage)).toBe(false);
});

test('a preview link, a kept preview or kept overrides each count as asked', () => {
  expect(tabChoicesAsked(`${page}?mfe-preview=abc`, sessionStorage)).toBe(true);
  sessionStorage.setItem(PREVIEW_KEY, 'abc');
  expect(tabChoicesAsked(page, sessionStorage)).toBe(true);
  leavePreview(sessionStorage);
  expect(tabChoicesAsked(page, sessionStorage)).toBe(false);
  sessionStorage.setItem(OVERRIDES_KEY, '{"referrals":"http://localhost:4101/mf-manifest.json"}');
  expect(tabChoicesAsked(page, sessionStorage)).toBe(true);
  clearOverrides(sessionStorage);
  expect(tabChoicesAsked(page, sessionStorage)).toBe(false);
});

test('storage that refuses to be read counts as nothing asked', () => {
  const refusing = {
    getItem: () => {
      throw new Error('denied');
    },
    removeItem: () => undefined,
  };
  expect(tabChoicesAsked(page, refusing)).toBe(false);
  expect(tabChoicesAsked(page, null)).toBe(false);
});
