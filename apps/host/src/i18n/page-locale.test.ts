import { defineMessages, installMessageParser, type CompiledMessage } from '@mfe/context';
import { createPageLocale, LOCALE_CHOICE_KEY, type Catalogue, type PageLocaleOptions } from './page-locale';

const messages = defineMessages({
  signIn: { id: 'shell.signIn', defaultMessage: 'Sign in' },
  invites: { id: 'area.invites', defaultMessage: '{count, plural, one {# invitation} other {# invitations}}' },
});
const shellCatalogues: Record<string, Catalogue> = {
  de: { 'shell.signIn': 'Anmelden' },
  ar: { 'shell.signIn': 'تسجيل الدخول' },
};

function setUp(overrides: Partial<PageLocaleOptions> = {}) {
  const stored = new Map<string, string>();
  const missing: string[] = [];
  const applied: string[] = [];
  const storage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  };
  const locale = createPageLocale({
    defaultLocale: 'en',
    locales: ['en', 'de', 'ar'],
    storage,
    languages: ['de-DE', 'en'],
    loadShellCatalogue: async (tag) => shellCatalogues[tag]!,
    onMissing: (owner, id, tag) => void missing.push(`${owner} ${id} ${tag}`),
    applyToDocument: (tag, dir) => void applied.push(`${tag} ${dir}`),
    ...overrides,
  });
  return { locale, stored, missing, applied };
}

test("the page starts in the browser's language, with the shell's strings and the document's lang and dir", async () => {
  const { locale, applied } = setUp();
  expect(locale.shell.get().formatMessage(messages.signIn)).toBe('Sign in');
  await locale.start();
  expect(locale.current()).toBe('de');
  expect(locale.shell.get().formatMessage(messages.signIn)).toBe('Anmelden');
  expect(applied).toEqual(['de ltr']);
  // What hydration starts from stays what the page began in: here (no begin) the default locale.
  expect(locale.shell.getInitial().formatMessage(messages.signIn)).toBe('Sign in');
});

test('a choice is remembered, applied at once to every reader, and right-to-left for Arabic', async () => {
  const { locale, stored, applied } = setUp();
  await locale.start();
  let notified = 0;
  locale.shell.subscribe(() => (notified += 1));
  await locale.choose('ar');
  expect(stored.get(LOCALE_CHOICE_KEY)).toBe('ar');
  expect(notified).toBe(1);
  expect(locale.shell.get().dir).toBe('rtl');
  expect(applied.at(-1)).toBe('ar rtl');
  expect(setUp({ storage: { getItem: () => 'ar', setItem: () => undefined } }).locale.wanted()).toBe('ar');
});

test("an area's catalogue is loaded only for the page's locale; a key it lacks falls back to the default text and is reported once, with the area's name", async () => {
  const loads: string[] = [];
  const { locale, missing } = setUp();
  const load = async (tag: string) => {
    loads.push(tag);
    return { 'area.other': 'x' };
  };
  await locale.prepareArea('referrals', load);
  expect(loads).toEqual([]); // the page is still in the default locale
  await locale.start();
  const area = locale.area('referrals');
  expect(loads).toEqual(['de']);
  await locale.prepareArea('referrals', load);
  expect(loads).toEqual(['de']);
  expect(area.get().formatMessage(messages.invites, { count: 2 })).toBe('2 invitations');
  area.get().formatMessage(messages.invites, { count: 3 });
  expect(missing).toEqual(['referrals area.invites de']);
});

test("an area is prepared once its texts in the page's locale are in, or failed (reported): never before", async () => {
  const failed: string[] = [];
  const { locale } = setUp({ onCatalogueFailed: (owner, tag) => void failed.push(`${owner} ${tag}`) });
  // The default locale's texts are in the area's code.
  expect(locale.areaPrepared('referrals')).toBe(true);
  await locale.start();
  expect(locale.areaPrepared('referrals')).toBe(false);
  let answer: (catalogue: Catalogue) => void = () => undefined;
  const prepared = locale.prepareArea('referrals', () => new Promise<Catalogue>((resolve) => (answer = resolve)));
  await Promise.resolve();
  expect(locale.areaPrepared('referrals')).toBe(false);
  answer({ 'area.invites': '{count, plural, one {# Einladung} other {# Einladungen}}' });
  await prepared;
  expect(locale.areaPrepared('referrals')).toBe(true);
  await locale.prepareArea('account', async () => Promise.reject(new Error('offline')));
  expect(locale.areaPrepared('account')).toBe(true);
  expect(failed).toEqual(['account de']);
});

test('a catalogue that fails to load leaves the default texts (reported), never raw ids', async () => {
  const failed: string[] = [];
  const { locale } = setUp({
    loadShellCatalogue: async () => Promise.reject(new Error('offline')),
    onCatalogueFailed: (owner, tag) => void failed.push(`${owner} ${tag}`),
  });
  await locale.start();
  expect(locale.current()).toBe('de');
  expect(locale.shell.get().formatMessage(messages.signIn)).toBe('Sign in');
  expect(failed).toEqual(['host de']);
});

test('a locale the config does not list is not chosen', async () => {
  const { locale, stored } = setUp();
  await locale.choose('fr');
  expect(stored.size).toBe(0);
  expect(locale.current()).toBe('en');
});

test("a prerendered page begins in the language it was rendered in, the area's texts too, then switches to the visitor's", async () => {
  const { locale } = setUp({ languages: ['ar'] });
  const area = locale.area('referrals');
  await locale.begin('de');
  await locale.prepareArea('referrals', async (tag) => ({
    'area.invites':
      tag === 'de'
        ? '{count, plural, one {# Einladung} other {# Einladungen}}'
        : '{count, plural, one {دعوة #} other {# دعوات}}',
  }));
  expect(locale.shell.getInitial().formatMessage(messages.signIn)).toBe('Anmelden');
  expect(area.getInitial().formatMessage(messages.invites, { count: 2 })).toBe('2 Einladungen');
  await locale.start();
  expect(locale.current()).toBe('ar');
  expect(area.get().formatMessage(messages.invites, { count: 3 })).toBe('3 دعوات');
  // Hydration's starting point does not move once the page is live.
  expect(locale.shell.getInitial().formatMessage(messages.signIn)).toBe('Anmelden');
});

test('beginning in a language the config does not list begins in the default', async () => {
  const { locale } = setUp();
  await locale.begin('fr');
  expect(locale.current()).toBe('en');
  expect(locale.shell.getInitial().locale).toBe('en');
});

test('a choice tells the server too, and a remembered one is told again at start', async () => {
  const told: string[] = [];
  const { locale, stored } = setUp({ onChosen: (tag) => void told.push(tag) });
  await locale.start();
  expect(told).toEqual([]);
  await locale.choose('ar');
  await locale.choose('xx');
  expect(told).toEqual(['ar']);
  const again = setUp({ onChosen: (tag) => void told.push(`again ${tag}`) });
  again.stored.set(LOCALE_CHOICE_KEY, stored.get(LOCALE_CHOICE_KEY)!);
  await again.locale.start();
  expect(told).toEqual(['ar', 'again ar']);
});

// Last in this file: it leaves a stand-in parser installed (the real one is the contract's own).
test('an area that ships its messages as text, where the parser was left out, gets the parser once and every reader is told', async () => {
  installMessageParser(() => {
    throw new Error('no parser in this build');
  });
  let loads = 0;
  const { locale } = setUp({
    languages: ['en'],
    loadParser: async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 0)); // a chunk on its way
      installMessageParser(() => [{ type: 0, value: 'parsed in full' }] as CompiledMessage);
    },
  });
  const area = locale.area('referrals');
  let told = 0;
  area.subscribe(() => void (told += 1));
  expect(area.get().formatMessage(messages.invites, { count: 2 })).toBe('');
  expect(area.get().formatMessage(messages.invites, { count: 2 })).toBe('');
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect(loads).toBe(1);
  expect(told).toBe(1);
  expect(area.get().formatMessage(messages.invites, { count: 2 })).toBe('parsed in full');
});

test('an area whose catalogue was loading when the page switched language shows in the new language, not the default', async () => {
  // The shell's Arabic catalogue arrives late, so the switch is under way when the area starts.
  let releaseShell: () => void = () => undefined;
  const shellLate = new Promise<void>((resolve) => (releaseShell = resolve));
  const { locale } = setUp({
    languages: ['en'],
    loadShellCatalogue: async (tag) => {
      if (tag === 'ar') await shellLate;
      return shellCatalogues[tag]!;
    },
  });
  await locale.begin('de');
  // Compiled, as the build leaves them (no parser involved).
  const text = (value: string) => [{ type: 0, value }] as unknown as CompiledMessage;
  const title = { id: 'area.title', defaultMessage: text('Your account') };
  const catalogues: Record<string, Catalogue> = {
    de: { 'area.title': text('Ihr Konto') },
    ar: { 'area.title': text('حسابك') },
  };
  let releaseGerman: () => void = () => undefined;
  const germanLate = new Promise<void>((resolve) => (releaseGerman = resolve));
  const load = async (tag: string) => {
    if (tag === 'de') await germanLate;
    return catalogues[tag]!;
  };
  // The visitor's language applies (the switch does not know the area yet), then the area arrives
  // while the page is still German and asks for its German texts.
  const switched = locale.choose('ar');
  const prepared = locale.prepareArea('account', load);
  releaseShell();
  await switched;
  releaseGerman();
  await prepared;
  expect(locale.current()).toBe('ar');
  expect(locale.area('account').get().formatMessage(title)).toBe('حسابك');
});
