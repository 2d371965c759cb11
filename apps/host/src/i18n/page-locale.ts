import {
  createIntl,
  PSEUDO_LOCALE,
  textDirection,
  type CompiledMessage,
  type IntlApi,
  type IntlSource,
} from '@mfe/context';
import { LOCALE_CHOICE_KEY, negotiateLocale, readChoice } from './negotiate';

/** Where the visitor's explicit choice (the language menu) is remembered, per browser. */
export { LOCALE_CHOICE_KEY };

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
  /** Locales `prepareArea` has finished in, catalogue in or failed (reported; its default texts show). */
  readonly prepared: Set<string>;
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
  /** Whether the area can show in the page's locale now, without another wait: `prepareArea` is done for it. */
  areaPrepared(name: string): boolean;
}

/**
 * The page's one locale, shared by the shell and every area: chosen by `negotiateLocale`, switched
 * without a reload (each `IntlSource` notifies its readers), and never half-applied: the new locale
 * shows once the shell's and each mounted area's catalogues are in (a catalogue that fails to load
 * leaves that owner's default-language texts, reported). What a prerendered page holds, and hydration
 * starts from (`getInitial`), is the locale given to `begin`, else the default.
 */
export function createPageLocale(options: PageLocaleOptions): PageLocale {
  return new PageLocaleState(options);
}

class PageLocaleState implements PageLocale {
  readonly locales: readonly string[];
  private readonly defaultLocale: string;
  private readonly listeners = new Set<() => void>();
  /** One function for every reader (a stable identity: `useSyncExternalStore` re-subscribes on a new one). */
  private readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  private readonly areas = new Map<string, Area>();
  private readonly shellCatalogues = new Map<string, Catalogue>();
  private locale: string;
  /** What hydration starts from (`begin`'s locale), and its shell's texts. */
  private initialLocale: string;
  private initial: IntlApi;
  private shellIntl: IntlApi;
  /** Which call to `apply` is the latest: an earlier one that finishes later changes nothing. */
  private applying = 0;
  private parserRequested = false;

  constructor(private readonly options: PageLocaleOptions) {
    this.locales = options.locales;
    this.defaultLocale = options.defaultLocale;
    this.locale = this.initialLocale = options.defaultLocale;
    this.initial = this.shellIntl = this.intlFor('host', options.defaultLocale, undefined);
  }

  readonly shell: IntlSource = {
    get: () => this.shellIntl,
    getInitial: () => this.initial,
    subscribe: this.subscribe,
  };

  current(): string {
    return this.locale;
  }

  wanted(): string {
    return negotiateLocale({
      chosen: readChoice(this.options.storage),
      preferred: this.options.languages,
      supported: this.locales,
      defaultLocale: this.defaultLocale,
    });
  }

  start(): Promise<void> {
    // A choice remembered before the server was told of choices (or its cookie since cleared) is told again.
    const chosen = readChoice(this.options.storage);
    if (chosen && this.locales.includes(chosen)) this.options.onChosen?.(chosen);
    return this.apply(this.wanted());
  }

  async begin(target: string): Promise<void> {
    const starting = this.locales.includes(target) ? target : this.defaultLocale;
    await this.apply(starting);
    if (this.locale !== starting) return; // a choice made meanwhile won
    this.initialLocale = starting;
    this.initial = this.shellIntl;
  }

  async choose(target: string): Promise<void> {
    if (!this.locales.includes(target)) return;
    try {
      this.options.storage?.setItem(LOCALE_CHOICE_KEY, target);
    } catch {
      // Storage refused (full, or a privacy mode): the choice holds for this page only.
    }
    this.options.onChosen?.(target);
    await this.apply(target);
  }

  area(name: string): IntlSource {
    const area = this.areaOf(name);
    return {
      get: () => this.areaIntl(name, area, this.locale),
      getInitial: () => this.areaIntl(name, area, this.initialLocale),
      subscribe: this.subscribe,
    };
  }

  async prepareArea(name: string, load: ((locale: string) => Promise<Catalogue>) | undefined): Promise<void> {
    const area = this.areaOf(name);
    if (load) area.load = load;
    for (;;) {
      const target = this.locale;
      if (this.textsIn(area, target)) return;
      await this.catalogueOf(name, target, area.loaded, area.load);
      area.prepared.add(target);
      area.intl.delete(target);
      if (this.locale === target) {
        this.notify();
        return;
      }
      // The page changed language while this one loaded (a switch that did not wait for this area,
      // whose loader was not known yet): the area's texts in the new one too, before it shows.
    }
  }

  areaPrepared(name: string): boolean {
    const area = this.areas.get(name);
    return this.textsIn(area, this.locale) || area?.prepared.has(this.locale) === true;
  }

  /**
   * Whether an area's texts in `target` are in: its catalogue, or none needed (the default locale's
   * are in its code, the pseudo-locale's are made from them).
   */
  private textsIn(area: Area | undefined, target: string): boolean {
    return target === this.defaultLocale || target === PSEUDO_LOCALE || area?.loaded.has(target) === true;
  }

  /** The page in `target`: once the shell's and every known area's catalogues are in (or failed), all at once. */
  private async apply(target: string): Promise<void> {
    const attempt = ++this.applying;
    const [shellCatalogue] = await Promise.all([
      this.catalogueOf('host', target, this.shellCatalogues, this.options.loadShellCatalogue),
      ...[...this.areas].map(([name, area]) => this.catalogueOf(name, target, area.loaded, area.load)),
    ]);
    if (attempt !== this.applying) return; // a later choice won
    this.locale = target;
    this.shellIntl = this.intlFor('host', target, shellCatalogue);
    for (const area of this.areas.values()) area.intl.clear();
    this.options.applyToDocument?.(target, textDirection(target));
    this.notify();
  }

  private async catalogueOf(
    owner: string,
    target: string,
    cache: Map<string, Catalogue>,
    load: ((locale: string) => Promise<Catalogue>) | undefined,
  ): Promise<Catalogue | undefined> {
    // The default locale's texts are in the code; the pseudo-locale is made from them.
    if (target === this.defaultLocale || target === PSEUDO_LOCALE) return {};
    const cached = cache.get(target);
    if (cached) return cached;
    if (!load) return undefined;
    try {
      const catalogue = await load(target);
      cache.set(target, catalogue);
      return catalogue;
    } catch (error) {
      this.options.onCatalogueFailed?.(owner, target, error);
      return undefined;
    }
  }

  private areaOf(name: string): Area {
    let area = this.areas.get(name);
    if (!area) this.areas.set(name, (area = { loaded: new Map(), prepared: new Set(), intl: new Map() }));
    return area;
  }

  private areaIntl(name: string, area: Area, target: string): IntlApi {
    let intl = area.intl.get(target);
    if (!intl)
      area.intl.set(
        target,
        (intl = this.intlFor(name, target, target === this.defaultLocale ? undefined : area.loaded.get(target))),
      );
    return intl;
  }

  // Without a catalogue (not loaded yet, or failed and reported as such) the default texts show and
  // no key is reported missing: only a catalogue that is in can lack one.
  private intlFor(owner: string, locale: string, messages: Catalogue | undefined): IntlApi {
    return createIntl({
      locale,
      defaultLocale: this.defaultLocale,
      onNeedsParser: () => this.needsParser(),
      ...(messages ? { messages, onMissing: (id, missingIn) => this.options.onMissing(owner, id, missingIn) } : {}),
    });
  }

  /** The parser is fetched once, on the first message that needs it; then every reader re-renders. */
  private needsParser(): void {
    if (this.parserRequested || !this.options.loadParser) return;
    this.parserRequested = true;
    this.options.loadParser().then(
      () => {
        this.shellIntl = this.intlFor('host', this.locale, this.shellCatalogues.get(this.locale));
        for (const area of this.areas.values()) area.intl.clear();
        this.notify();
      },
      () => undefined, // logged where it is loaded; the texts stay as they show without it
    );
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
