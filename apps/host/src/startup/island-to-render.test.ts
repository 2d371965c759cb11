import { defineRemote } from '@mfe/context';
import type { AreaModule } from '../remotes/remote-loader';
import { LOCALE_CHOICE_KEY } from '../i18n/negotiate';
import { findIslandToRender } from './island-to-render';
import type { LoadingArea } from './island';

const compiled = [{ type: 0, value: 'Empfehlungen' }];
type Messages = Parameters<typeof defineRemote>[0]['messages'];
// The preset's build hands the area its texts compiled; the contract types them as text.
const area = defineRemote({
  App: () => null,
  messages: (async (locale: string) => (locale === 'de' ? { 'referrals.title': compiled } : {})) as unknown as Messages,
});

/** The opening area as the island's loading step hands it over. */
function ahead(options: { requiresAuth?: boolean; module?: AreaModule; locales?: unknown } = {}): LoadingArea {
  return {
    opening: {
      entry: {
        name: 'referrals',
        path: '/referrals',
        entry: 'http://localhost/referrals/mf-manifest.json',
        label: 'Referrals',
        timeoutMs: 10_000,
        requiresAuth: options.requiresAuth ?? false,
      } as LoadingArea['opening']['entry'],
      variant: 'stable',
    },
    config: { i18n: { defaultLocale: 'en', locales: options.locales ?? ['en', 'de'] } },
    loading: Promise.resolve(options.module ?? area),
  };
}

const languages = jest.spyOn(navigator, 'languages', 'get');
beforeEach(() => {
  localStorage.clear();
  languages.mockReturnValue(['en-GB']);
});

test('a public area is rendered in the default language, in an element of its own', async () => {
  const found = await findIslandToRender(ahead());
  expect(found?.locale).toBe('en');
  expect(found?.messages).toBeUndefined();
  expect(found?.element.dataset.island).toBe('referrals');
});

test('an area that needs a session is left to the shell', async () => {
  expect(await findIslandToRender(ahead({ requiresAuth: true }))).toBeNull();
});

test("the browser's language, as the shell negotiates it, with the area's texts in it", async () => {
  languages.mockReturnValue(['de-AT', 'en']);
  const found = await findIslandToRender(ahead());
  expect(found?.locale).toBe('de');
  expect(found?.messages).toEqual({ 'referrals.title': compiled });
});

test("the visitor's remembered choice comes first, and a language the config does not list is not taken", async () => {
  localStorage.setItem(LOCALE_CHOICE_KEY, 'de');
  expect((await findIslandToRender(ahead()))?.locale).toBe('de');
  expect((await findIslandToRender(ahead({ locales: ['en'] })))?.locale).toBe('en');
});

test('texts as ICU source, or a module that is not an area for the host tree, leave it to the shell', async () => {
  languages.mockReturnValue(['de']);
  const uncompiled = defineRemote({ App: () => null, messages: async () => ({ 'referrals.title': 'Empfehlungen' }) });
  expect(await findIslandToRender(ahead({ module: uncompiled }))).toBeNull();
  expect(await findIslandToRender(ahead({ module: { mount: () => undefined } as unknown as AreaModule }))).toBeNull();
});
