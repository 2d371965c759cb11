/** Versions of the shared singletons this host build provides (set by webpack.shared.js). */
declare const __MFE_PROVIDED_VERSIONS__: Readonly<Record<string, string>>;

/** The ICU parser, under the name the build preset gives it (its `message-parser` chunk; i18n/message-parser.ts). */
declare module '@mfe-alias/message-parser' {
  export function parse(message: string, options?: { locale?: Intl.Locale }): import('@mfe/context').CompiledMessage;
}
