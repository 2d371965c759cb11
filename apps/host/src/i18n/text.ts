import { createIntl, type IntlApi, type MessageDescriptor, type MessageValues } from '@mfe/context';

/**
 * Something to say to the visitor, decided before the language it is said in is known (a failure
 * described by code that runs before the page's language is in, or outside React): a message to
 * format, or text that has no translation (a provider's own words, a technical detail).
 */
export type Text = { readonly message: MessageDescriptor; readonly values?: MessageValues } | { readonly raw: string };

export const say = (message: MessageDescriptor, values?: MessageValues): Text =>
  values ? { message, values } : { message };
export const raw = (text: string): Text => ({ raw: text });

export function textIn(intl: IntlApi, text: Text): string {
  return 'raw' in text ? text.raw : intl.formatMessage(text.message, text.values);
}

/** The shell's texts in English (its code's language): for logs and telemetry, whatever the page's language, and for a failure before any language is known. */
export const english: IntlApi = createIntl({ locale: 'en', defaultLocale: 'en' });
export const inEnglish = (text: Text): string => textIn(english, text);
