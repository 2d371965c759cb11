/** Versions of the shared singletons this host build provides (set by webpack.shared.js). */
declare const __MFE_PROVIDED_VERSIONS__: Readonly<Record<string, string>>;
