import {
  createIntl,
  PSEUDO_LOCALE,
  textDirection,
  type CompiledMessage,
  type IntlApi,
  type IntlSource,
} from '@mfe/context';
import { negotiateLocale } from './negotiate';

/** Where the visitor's explicit choice (the language menu) is remembered, per browser. */
export const LOCALE_CHOICE_KEY = 'mfe.locale';

/** A locale's texts by message id: compiled by the build (messages-loader), or as ICU text. */
export type Catalogue = Readonly<Record<string, string | CompiledMessage>>;

export interface PageLocaleOptions {
  readonly defaultLocale: string;
  readonly locales: readonly string[];
  /** Where the choice is kept (null where the browser refuses storage: nothing is remembered). */
  readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** The browser's languages, in its order (`navigator.languages`). */
  readonly languages: readonly string[];
  /** The shell's own translations for a locale other than the default. */
  readonly loadShellCatalogue: (locale: string) => Promise<Catalogue>;
  /** A message a catalogue lacks (`owner`: "host" or an area's name), or a catalogue that failed to load. */
  readonly onMissing: (owner: string, id: string, locale: string) => void;
  readonly onCatalogueFailed?: (owner: string, locale: string, error: unknown) => void;
  /** Applies the page's language and direction to the document (`<html lang dir>`). */
  readonly applyToDocument?: (locale: string, dir: 'ltr' | 'rtl') => void;
  /** The visitor chose a language: tells the server too (a cookie), so the next page's HTML is in it. */
  readonly onChosen?: (locale: string) => void;
  /**
   * Installs the ICU parser, for a build that left it out (the browser's: messages come compiled)
   * when an area ships its messages as text; every reader is then given texts formatted in full.
   */
  readonly loadParser?: () => Promise<void>;
}

/** One area's translations: how to load them, and what is loaded. */
interface Area {
  load?: (locale: string) => Promise<Catalogue>;
  readonly loaded: Map<string, Catalogue>;
  readonly intl: Map<string, IntlApi>;
}

export interface PageLocale {
  /** The locale on screen now. */
  current(): string;
  /** The locale this visitor's page should be in (choice, browser, default). */
  wanted(): string;
  /** Puts the page in the locale it should be in; resolves once the shell's strings are in. */
  start(): Promise<void>;
  /**
   * Puts the page in `locale` (the default when it is not listed) as its starting point: what a
   * prerendered page holds, so what the server renders and hydration starts from (`getInitial`).
   * Resolves once the shell's strings are in; an area's follow with `prepareArea`.
   */
  begin(locale: string): Promise<void>;
  /** The visitor's choice from the language menu: remembered, and applied to the shell and every area at once. */
  choose(locale: string): Promise<void>;
  readonly locales: readonly string[];
  /** The shell's messages and formatting. */
  readonly shell: IntlSource;
  /** An area's messages and formatting (its own catalogue, once `prepareArea` has it). */
  area(name: string): IntlSource;
  /**
   * Registers how an area's catalogue is loaded (its module's `messages`) and loads it for the
   * page's locale (only that one, and none for the default locale, whose texts are in its code):
   * the area is shown once this resolves, so it never flashes another language. Never rejects.
   */
  prepareArea(name: string, load: ((locale: string) => Promise<Catalogue>) | undefined): Promise<void>;
}

/**
 * The page's one locale, shared by the shell and every area: chosen by `negotiateLocale`, switched
 * without a reload (each `IntlSource` notifies its readers), and never half-applied: the new locale
 * shows once the shell's and each mounted area's catalogues are in (a catalogue that fails to load
 * leaves that owner's default-language texts, reported). What a prerendered page holds, and hydration
 * starts from (`getInitial`), is the locale given to `begin`, else the default.
 */
export function createPageLocale(options: PageLocaleOptions): PageLocale {
  const { defaultLocale, locales } = options;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  // Without a catalogue (not loaded yet, or failed and reported as such) the default texts show and
  // no key is reported missing: only a catalogue that is in can lack one.
  // The parser is fetched once, on the first message that needs it; then every reader re-renders.
  let parserRequested = false;
  const needsParser = () => {
    if (parserRequested || !options.loadParser) return;
    parserRequested = true;
    options.loadParser().then(
      () => {
        shell = intlFor('host', locale, shellCatalogues.get(locale));
        for (const area of areas.values()) area.intl.clear();
        notify();
      },
      () => undefined, // logged where it is loaded; the texts stay as they show without it
    );
  };
  const intlFor = (owner: string, locale: string, messages: Catalogue | undefined): IntlApi =>
    createIntl({
      locale,
      defaultLocale,
      onNeedsParser: needsParser,
      ...(messages ? { messages, onMissing: (id, missingIn) => options.onMissing(owner, id, missingIn) } : {}),
    });
  let initial = intlFor('host', defaultLocale, undefined);
  let initialLocale = defaultLocale;
  let locale = defaultLocale;
  let shell = initial;
  const areas = new Map<string, Area>();
  const shellCatalogues = new Map<string, Catalogue>();
  let applying = 0;

  const catalogueOf = async (
    owner: string,
    target: string,
    cache: Map<string, Catalogue>,
    load: ((locale: string) => Promise<Catalogue>) | undefined,
  ): Promise<Catalogue | undefined> => {
    // The default locale's texts are in the code; the pseudo-locale is made from them.
    if (target === defaultLocale || target === PSEUDO_LOCALE) return {};
    const cached = cache.get(target);
    if (cached) return cached;
    if (!load) return undefined;
    try {
      const catalogue = await load(target);
      cache.set(target, catalogue);
      return catalogue;
    } catch (error) {
      options.onCatalogueFailed?.(owner, target, error);
      return undefined;
    }
  };

  const areaIntl = (name: string, area: Area, target: string): IntlApi => {
    let intl = area.intl.get(target);
    if (!intl)
      area.intl.set(
        target,
        (intl = intlFor(name, target, target === defaultLocale ? undefined : area.loaded.get(target))),
      );
    return intl;
  };

  const apply = async (target: string): Promise<void> => {
    const attempt = ++applying;
    const [shellCatalogue] = await Promise.all([
      catalogueOf('host', target, shellCatalogues, options.loadShellCatalogue),
      ...[...areas].map(([name, area]) => catalogueOf(name, target, area.loaded, area.load)),
    ]);
    if (attempt !== applying) return; // a later choice won
    locale = target;
    shell = intlFor('host', target, shellCatalogue);
    for (const area of areas.values()) area.intl.clear();
    options.applyToDocument?.(target, textDirection(target));
    notify();
  };

  const areaOf = (name: string): Area => {
    let area = areas.get(name);
    if (!area) areas.set(name, (area = { loaded: new Map(), intl: new Map() }));
    return area;
  };

  const wanted = () =>
    negotiateLocale({
      chosen: readChoice(options.storage),
      preferred: options.languages,
      supported: locales,
      defaultLocale,
    });

  return {
    current: () => locale,
    wanted,
    locales,
    start() {
      // A choice remembered before the server was told of choices (or its cookie since cleared) is told again.
      const chosen = readChoice(options.storage);
      if (chosen && locales.includes(chosen)) options.onChosen?.(chosen);
      return apply(wanted());
    },
    async begin(target) {
      const starting = locales.includes(target) ? target : defaultLocale;
      await apply(starting);
      if (locale !== starting) return; // a choice made meanwhile won
      initialLocale = starting;
      initial = shell;
    },
    async choose(target) {
      if (!locales.includes(target)) return;
      try {
        options.storage?.setItem(LOCALE_CHOICE_KEY, target);
      } catch {
        // Storage refused (full, or a privacy mode): the choice holds for this page only.
      }
      options.onChosen?.(target);
      await apply(target);
    },
    shell: { get: () => shell, getInitial: () => initial, subscribe },
    area(name) {
      const area = areaOf(name);
      return {
        get: () => areaIntl(name, area, locale),
        getInitial: () => areaIntl(name, area, initialLocale),
        subscribe,
      };
    },
    async prepareArea(name, load) {
      const area = areaOf(name);
      if (load) area.load = load;
      for (;;) {
        const target = locale;
        if (target === defaultLocale || target === PSEUDO_LOCALE || area.loaded.has(target)) return;
        await catalogueOf(name, target, area.loaded, area.load);
        area.intl.delete(target);
        if (locale === target) {
          notify();
          return;
        }
        // The page changed language while this one loaded (a switch that did not wait for this area,
        // whose loader was not known yet): the area's texts in the new one too, before it shows.
      }
    },
  };
}

function readChoice(storage: Pick<Storage, 'getItem'> | null): string | null {
  try {
    return storage?.getItem(LOCALE_CHOICE_KEY) ?? null;
  } catch {
    return null;
  }
}
