import {
  isLiteralElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  parse,
  TYPE,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';

/**
 * The pseudo-locale (CLDR's "en-XA"): every text of the default language accented and about 40 %
 * longer, in brackets, so a developer sees at once what is hard-coded (it stays plain), what is cut
 * off (the end bracket is missing) and what breaks with longer languages. Listed in the development
 * config only; it needs no catalogue.
 */
export const PSEUDO_LOCALE = 'en-XA';

const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][index]!,
  ]),
);

const accent = (text: string) => text.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter);

function walk(elements: MessageFormatElement[]): { elements: MessageFormatElement[]; letters: number } {
  let letters = 0;
  const out = elements.map((element): MessageFormatElement => {
    if (isLiteralElement(element)) {
      letters += element.value.replace(/\s/g, '').length;
      return { ...element, value: accent(element.value) };
    }
    if (isPluralElement(element) || isSelectElement(element)) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => {
          const inner = walk(option.value);
          letters = Math.max(letters, inner.letters);
          return [key, { ...option, value: inner.elements }];
        }),
      );
      return { ...element, options } as MessageFormatElement;
    }
    if (isTagElement(element)) {
      const inner = walk(element.children);
      letters += inner.letters;
      return { ...element, children: inner.elements };
    }
    return element;
  });
  return { elements: out, letters };
}

/** A message of the default language as the pseudo-locale shows it (parsed, so placeholders still work). */
export function pseudoLocalize(message: string | MessageFormatElement[]): MessageFormatElement[] {
  const { elements, letters } = walk(typeof message === 'string' ? parse(message) : message);
  const padding = '·'.repeat(Math.ceil(letters * 0.4));
  return [
    { type: TYPE.literal, value: '[' },
    ...elements,
    { type: TYPE.literal, value: `${padding ? ` ${padding}` : ''}]` },
  ];
}
