/// <reference types="@mfe/context/assets" />

/** The ICU parser, under the name the build preset gives it (its `message-parser` chunk; i18n/message-parser.ts). */
declare module '@mfe/message-parser' {
  export function parse(message: string, options?: { locale?: Intl.Locale }): import('@mfe/context').CompiledMessage;
}
