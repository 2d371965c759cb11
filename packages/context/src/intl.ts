import { IntlMessageFormat } from 'intl-messageformat';
import { canParseMessages, withoutParser, type CompiledMessage } from './message-parser';
import { PSEUDO_LOCALE, pseudoLocalize } from './pseudo-locale';
import type { MessageDescriptor } from './define-messages';

export type MessageValues = Readonly<Record<string, string | number | bigint | Date | boolean | null | undefined>>;

export { defineMessages, type MessageDescriptor } from './define-messages';

/** Messages and formatting in the page's language: what `useIntl()` returns. Since 1.5.0. */
export interface IntlApi {
  /** The page's locale (a BCP 47 tag from the runtime config's `i18n.locales`), e.g. "de". */
  readonly locale: string;
  /** Its writing direction; the host sets `<html dir>` from it, so layouts need only logical CSS. */
  readonly dir: 'ltr' | 'rtl';
  /**
   * The message in the page's locale, else (a key the area's catalogue lacks, reported once through
   * telemetry with the area's name) in the default language. Never a raw id.
   */
  formatMessage(message: MessageDescriptor, values?: MessageValues): string;
  formatNumber(value: number | bigint, options?: Intl.NumberFormatOptions): string;
  formatDate(value: Date | number, options?: Intl.DateTimeFormatOptions): string;
  formatRelativeTime(
    value: number,
    unit: Intl.RelativeTimeFormatUnit,
    options?: Intl.RelativeTimeFormatOptions,
  ): string;
  formatList(values: readonly string[], options?: Intl.ListFormatOptions): string;
}

/** Where `useIntl()` reads from: the host swaps the value when the visitor changes language. */
export interface IntlSource {
  get(): IntlApi;
  /** What a page rendered ahead of time shows, and what hydration starts from: the default locale. */
  getInitial(): IntlApi;
  subscribe(listener: () => void): () => void;
}

/** Scripts written right to left (ISO 15924), for engines without `Intl.Locale#getTextInfo`. */
const RTL_SCRIPTS = new Set(['Arab', 'Hebr', 'Syrc', 'Thaa', 'Nkoo', 'Adlm', 'Rohg', 'Mand', 'Samr']);
const RTL_LANGUAGES = new Set(['ar', 'he', 'iw', 'fa', 'ur', 'ps', 'sd', 'yi', 'dv', 'ug', 'ckb', 'ku', 'syr', 'ks']);

/** The writing direction of a locale: the engine's own answer where it has one, else by script and language. */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  try {
    const tag = new Intl.Locale(locale);
    const info =
      (
        tag as unknown as { getTextInfo?: () => { direction?: string }; textInfo?: { direction?: string } }
      ).getTextInfo?.() ?? (tag as unknown as { textInfo?: { direction?: string } }).textInfo;
    if (info?.direction === 'rtl' || info?.direction === 'ltr') return info.direction;
    const script = tag.script ?? tag.maximize().script;
    if (script) return RTL_SCRIPTS.has(script) ? 'rtl' : 'ltr';
    return RTL_LANGUAGES.has(tag.language) ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}

export interface CreateIntlOptions {
  readonly locale: string;
  /** The product's default locale: the language of every `defaultMessage`. */
  readonly defaultLocale: string;
  /** Translations for `locale` by message id (none for the default locale), as text or compiled. */
  readonly messages?: Readonly<Record<string, string | CompiledMessage>>;
  /** A message id the catalogue for `locale` lacks (called once per id). */
  readonly onMissing?: (id: string, locale: string) => void;
  /** A message that could not be formatted (its default text is shown instead). */
  readonly onError?: (id: string, error: unknown) => void;
  /**
   * A message in ICU text met where no parser is installed (an area built without compiled
   * messages): it shows as well as it can (`withoutParser`) until one is, and formats fully after.
   */
  readonly onNeedsParser?: () => void;
}

/**
 * The formatter asks the engine which locales it supports for every message it is made for
 * (`Intl.NumberFormat.supportedLocalesOf`, then `new Intl.Locale`); the first question loads the
 * engine's locale data, measured at about 20 ms of a throttled page's start, and every later one
 * repeats the work. The answer only canonicalizes the tag (an unsupported one is kept as it is, as
 * here), and the formatters made with it fall back for an engine without that locale all the same.
 */
const resolvedLocales = new Map<string, Intl.Locale | undefined>();
(
  IntlMessageFormat as unknown as { resolveLocale: (locales: string | string[]) => Intl.Locale | undefined }
).resolveLocale = (locales) => {
  const tag = Array.isArray(locales) ? locales[0] : locales;
  if (tag === undefined || typeof Intl.Locale === 'undefined') return undefined;
  if (!resolvedLocales.has(tag)) resolvedLocales.set(tag, new Intl.Locale(tag));
  return resolvedLocales.get(tag);
};

/** A compiled message that is text alone (no argument, plural or tag): it needs no formatter. */
function literalOf(source: string | CompiledMessage): string | undefined {
  if (typeof source === 'string') return undefined;
  let text = '';
  for (const element of source) {
    // 0: TYPE.literal in @formatjs/icu-messageformat-parser
    if (element.type !== 0) return undefined;
    text += element.value;
  }
  return text;
}

/** Formatting in one locale with one catalogue: the host makes one per area and language. */
export function createIntl(options: CreateIntlOptions): IntlApi {
  const { locale, defaultLocale, messages = {} } = options;
  // By source: text, or a compiled message (by identity: the build's one array per message).
  const formats = new Map<string, Map<string | CompiledMessage, IntlMessageFormat>>();
  const reported = new Set<string>();
  const numberFormats = new Map<string, Intl.NumberFormat>();
  const dateFormats = new Map<string, Intl.DateTimeFormat>();
  const cached = <T>(cache: Map<string, T>, key: unknown, make: () => T): T => {
    const id = JSON.stringify(key ?? {});
    let value = cache.get(id);
    if (value === undefined) cache.set(id, (value = make()));
    return value;
  };
  const pseudo = locale === PSEUDO_LOCALE;
  // One set of number, date and plural formatters for every message of this locale (the formatter
  // makes its own per message otherwise).
  const formatters = {
    getNumberFormat: memo((...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args)),
    getDateTimeFormat: memo(
      (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
    ),
    getPluralRules: memo((...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args)),
  };
  const format = (
    source: string | CompiledMessage,
    sourceLocale: string,
    values: MessageValues | undefined,
  ): string => {
    const literal = pseudo ? undefined : literalOf(source);
    if (literal !== undefined) return literal;
    if (typeof source === 'string' && !canParseMessages()) {
      options.onNeedsParser?.();
      return withoutParser(source, values);
    }
    let inLocale = formats.get(sourceLocale);
    if (!inLocale) formats.set(sourceLocale, (inLocale = new Map()));
    let compiled = inLocale.get(source);
    if (!compiled)
      inLocale.set(
        source,
        (compiled = pseudo
          ? new IntlMessageFormat(pseudoLocalize(source), defaultLocale, undefined, { formatters })
          : new IntlMessageFormat(source, sourceLocale, undefined, { formatters })),
      );
    const result = compiled.format(values as Record<string, string | number | Date | boolean>);
    return Array.isArray(result) ? result.join('') : String(result);
  };
  return {
    locale,
    dir: textDirection(locale),
    formatMessage(message, values) {
      const translated = Object.hasOwn(messages, message.id) ? messages[message.id] : undefined;
      if (translated === undefined && locale !== defaultLocale && !pseudo && !reported.has(message.id)) {
        reported.add(message.id);
        options.onMissing?.(message.id, locale);
      }
      try {
        return translated === undefined
          ? format(message.defaultMessage, defaultLocale, values)
          : format(translated, locale, values);
      } catch (error) {
        options.onError?.(message.id, error);
        try {
          return format(message.defaultMessage, defaultLocale, values);
        } catch {
          return typeof message.defaultMessage === 'string' ? withoutParser(message.defaultMessage, values) : '';
        }
      }
    },
    formatNumber: (value, formatOptions) =>
      cached(numberFormats, formatOptions, () => new Intl.NumberFormat(locale, formatOptions)).format(value),
    formatDate: (value, formatOptions) =>
      cached(dateFormats, formatOptions, () => new Intl.DateTimeFormat(locale, formatOptions)).format(value),
    formatRelativeTime: (value, unit, formatOptions) =>
      new Intl.RelativeTimeFormat(locale, formatOptions).format(value, unit),
    formatList: (values, formatOptions) => new Intl.ListFormat(locale, formatOptions).format(values),
  };
}

/** One instance per distinct arguments (by their JSON; a locale by its tag: an `Intl.Locale` is `{}` in JSON). */
function memo<A extends unknown[], R>(make: (...args: A) => R): (...args: A) => R {
  const made = new Map<string, R>();
  return (...args) => {
    const key = JSON.stringify(args, (_name, value: unknown) =>
      value instanceof Intl.Locale ? value.toString() : value,
    );
    let value = made.get(key);
    if (value === undefined) made.set(key, (value = make(...args)));
    return value;
  };
}

/** A source that never changes (tests, a host with one language). */
export function fixedIntl(intl: IntlApi): IntlSource {
  return { get: () => intl, getInitial: () => intl, subscribe: () => () => undefined };
}
