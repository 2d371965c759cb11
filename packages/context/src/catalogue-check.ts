import {
  isLiteralElement,
  isPoundElement,
  isTagElement,
  parse,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import { createIntl, type MessageDescriptor } from './intl';

/** Every argument a message uses, in its plural and select branches too (none when it does not parse). */
function argumentsOf(message: string | MessageFormatElement[]): string[] | null {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (isLiteralElement(element) || isPoundElement(element)) continue;
      if (isTagElement(element)) {
        walk(element.children);
        continue;
      }
      names.add(element.value);
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  try {
    walk(typeof message === 'string' ? parse(message) : message);
  } catch {
    return null; // reported by the format check below
  }
  return [...names].sort();
}

/** A value of the kind the message formats the argument as: a number, a date, else its name. */
function sampleFor(message: string | MessageFormatElement[], name: string): string | number | Date {
  const kind =
    typeof message === 'string'
      ? new RegExp(`\\{\\s*${name}\\s*,\\s*(\\w+)`).exec(message)?.[1]
      : kindOf(message, name);
  if (kind === 'plural' || kind === 'selectordinal' || kind === 'number') return 1;
  if (kind === 'date' || kind === 'time') return new Date(0);
  return name;
}

/** How a compiled message formats an argument ("plural", "number", "date", …). */
function kindOf(elements: MessageFormatElement[], name: string): string | undefined {
  for (const element of elements) {
    if (isLiteralElement(element) || isPoundElement(element)) continue;
    if (isTagElement(element)) {
      const inner = kindOf(element.children, name);
      if (inner) return inner;
      continue;
    }
    if (element.value === name) return ['', 'argument', 'number', 'date', 'time', 'select', 'plural'][element.type];
    if ('options' in element) {
      for (const option of Object.values(element.options)) {
        const inner = kindOf(option.value, name);
        if (inner) return inner;
      }
    }
  }
  return undefined;
}

/**
 * What is wrong with an area's translations, one line per problem (none: fine): a key of the code a
 * catalogue lacks (the visitor would see the default language), a key the code no longer has, a
 * placeholder added or lost, a message that does not format in its locale. For a unit test beside
 * the catalogues (the template's `messages.test.ts`):
 *
 *     expect(catalogueProblems(messages, { de, ar }, { name: 'Ada' })).toEqual([]);
 */
export function catalogueProblems(
  messages: Readonly<Record<string, MessageDescriptor>>,
  catalogues: Readonly<Record<string, Readonly<Record<string, string | MessageFormatElement[]>>>>,
  sample: Readonly<Record<string, string | number | Date>> = {},
): string[] {
  const problems: string[] = [];
  const descriptors = Object.values(messages);
  const ids = new Set(descriptors.map((message) => message.id));
  for (const [locale, catalogue] of Object.entries(catalogues)) {
    for (const message of descriptors) {
      const translated = catalogue[message.id];
      if (translated === undefined) {
        problems.push(`${locale}: "${message.id}" is missing`);
        continue;
      }
      const [wanted, found] = [argumentsOf(message.defaultMessage) ?? [], argumentsOf(translated)];
      if (found && wanted.join() !== found.join())
        problems.push(
          `${locale}: "${message.id}" uses {${found.join(', ')}} where the default text uses {${wanted.join(', ')}}`,
        );
      const errors: string[] = [];
      const intl = createIntl({
        locale,
        defaultLocale: locale,
        messages: { [message.id]: translated },
        onError: (_, error) => void errors.push((error as Error).message),
      });
      intl.formatMessage(
        message,
        Object.fromEntries(wanted.map((name) => [name, sample[name] ?? sampleFor(message.defaultMessage, name)])),
      );
      if (errors.length > 0) problems.push(`${locale}: "${message.id}" does not format (${errors[0]})`);
    }
    for (const id of Object.keys(catalogue))
      if (!ids.has(id)) problems.push(`${locale}: "${id}" is not a message of the code (removed or misspelt?)`);
  }
  return problems;
}
