import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/**
 * A message compiled at build time (the webpack preset does it): its ICU syntax already parsed, so
 * the page needs no parser, only the formatter.
 */
export type CompiledMessage = MessageFormatElement[];

type Parse = (message: string, options?: { locale?: Intl.Locale }) => MessageFormatElement[];

// A browser build may leave the parser out (the host's does: every message it and the preset's
// areas ship is compiled; FormatJS's `no-parser` build stands in, whose parse throws); then a
// message still in ICU text waits for `installMessageParser`. The formatter's parser is probed
// once per parser it is given.
const formatter = IntlMessageFormat as unknown as { __parse?: Parse };
let probed: { parse: Parse | undefined; works: boolean } | undefined;

/** Whether a message in ICU text can be formatted here. */
export function canParseMessages(): boolean {
  if (probed && probed.parse === formatter.__parse) return probed.works;
  let works = false;
  try {
    works = Array.isArray(formatter.__parse?.('{a}'));
  } catch {
    // the no-parser build
  }
  probed = { parse: formatter.__parse, works };
  return works;
}

/** Gives the formatter a parser (the host loads one on demand, for an area built without compiled messages). */
export function installMessageParser(parse: Parse): void {
  formatter.__parse = parse;
}

/**
 * A message in ICU text, said as well as it can be without a parser, for the moment until one is
 * installed: plain text as it is, simple `{name}` arguments filled in, anything richer (plurals,
 * selects, formats) left out rather than shown as syntax.
 */
export function withoutParser(message: string, values: Readonly<Record<string, unknown>> = {}): string {
  if (!/[{}']/.test(message)) return message;
  if (!/^(?:[^{}']|\{\s*\w+\s*\})*$/.test(message)) return '';
  return message.replace(/\{\s*(\w+)\s*\}/g, (_, name: string) =>
    values[name] instanceof Date ? String(values[name]) : String(values[name] ?? ''),
  );
}
