import rules from '../rules.json';

/**
 * A remote's build as its `mf-manifest.json` describes it: the one reader of that file, and the
 * rules a build is held to (the module it exposes, the contract package, the integrity format, the
 * entry script beside the manifest). Used by the host's loader, preloads, idle prefetch and boot
 * script, and by the manifest check; nothing here imports more than `rules.json`, so the boot script
 * stays small (`@mfe/manifest/remote-build`).
 */

/** The module every remote exposes (`defineRemote` in @mfe/context). */
export const REMOTE_EXPOSE: string = rules.build.expose;

/** The federation module a contribution is exposed as (`./contributions/<module>`), without the "./". */
export function contributionExpose(module: string): string {
  return `${rules.contributions.exposePrefix}${module}`;
}
/** The script a build's mf-manifest.json stands beside: the one file a manifest entry pins. */
export const ENTRY_SCRIPT: string = rules.build.entryScript;

/**
 * Whether a file of a remote's build folder (relative to it) is one a browser may run or apply: a
 * script or stylesheet outside its server build. Its entry must pin each (the entry itself is pinned
 * by the manifest entry); images and data are never run.
 */
export function loadedByBrowser(file: string): boolean {
  return /\.(?:m?js|css)$/.test(file) && file !== ENTRY_SCRIPT && !file.startsWith(`${rules.build.serverFolder}/`);
}

/**
 * Why a build whose entry does not pin `files` is refused: the manifest check's words and the
 * release's (a browser would run those files whatever their bytes).
 */
export function notPinnedByEntry(files: readonly string[]): string {
  const one = files.length === 1;
  return `its ${ENTRY_SCRIPT} does not pin ${files.join(', ')}: a browser would run ${one ? 'that file' : 'those files'} whatever ${one ? 'its' : 'their'} bytes, an altered copy included. Build it so that its runtime loads every chunk with its integrity (the preset does: each chunk's hash is in its runtime)`;
}

/** Why a build that records no integrity for its modules' first files (`unrecordedFirstFiles`) is refused. */
export function firstFilesUnrecorded(files: readonly string[]): string {
  return `its mf-manifest.json records no integrity for ${files.join(', ')}, the first files of its modules, so every host refuses it. Build it with the preset, which records them`;
}

/** The shared package whose version is the platform contract. */
export const CONTRACT_PACKAGE: string = rules.build.contractPackage;

/**
 * How the host shows a remote's area (rules.json's `build.mountKinds`, the first the default): in its
 * own React tree, or in a root of the area's own, mounted through the neutral contract (decision 0019).
 */
export type MountKind = 'host-tree' | 'own-root';
export const [HOST_TREE, OWN_ROOT] = rules.build.mountKinds as [MountKind, MountKind];

/** Whether a build's area renders in a root of its own (sharing nothing with the host, the contract included). */
export const ownsItsRoot = (build: Partial<Pick<RemoteBuild, 'mount'>>): boolean => build.mount === OWN_ROOT;
/** Subresource Integrity as the platform accepts it: one sha256/384/512 hash. */
export const SRI_PATTERN = new RegExp(rules.integrity.pattern);

export function isSri(value: unknown): value is string {
  return typeof value === 'string' && SRI_PATTERN.test(value);
}

/** What a runtime config without `requireIntegrity` means: the schema's default, read by every reader. */
export const INTEGRITY_REQUIRED_BY_DEFAULT: boolean = rules.integrity.requiredByDefault;

/**
 * Whether a runtime config, read without its schema (the boot script's documented subset), requires
 * integrity: its `requireIntegrity` when a boolean, else the default. The host itself refuses a
 * config whose field is not a boolean, so reading it so here never loosens anything.
 */
export function integrityRequired(config: { readonly requireIntegrity?: unknown }): boolean {
  return typeof config.requireIntegrity === 'boolean' ? config.requireIntegrity : INTEGRITY_REQUIRED_BY_DEFAULT;
}

/** The URL of the entry script a manifest entry stands for (`remoteEntry.js` next to `mf-manifest.json`). */
export function entryScriptUrl(entry: string): string {
  return entry.endsWith('.json') ? new URL(ENTRY_SCRIPT, entry).href : entry;
}

export interface RemoteBuild {
  /** `metaData.buildInfo.buildVersion`: its package version, or MF_BUILD_VERSION at build time. */
  readonly version?: string;
  /** The contract range it was built against. */
  readonly contractRange?: string;
  /** Whether it shares the contract package at all (built with the platform's preset). */
  readonly declaresContract: boolean;
  /**
   * How the host shows its area: `host-tree` (in the host's React tree, sharing its singletons) or
   * `own-root` (mounted through the neutral contract, sharing nothing); the preset records the latter.
   */
  readonly mount: MountKind;
  /** The first files of its exposed module, relative to the manifest. */
  readonly files: { readonly js: readonly string[]; readonly css: readonly string[] };
  /** The sha384 its build recorded for a file (the entry pins the same), when well-formed. */
  integrityOf(file: string): string | undefined;
  /** `*.global.css` files the build recorded (the preset writes `globalCss`). */
  readonly globalCss: readonly string[];
  /** The slots its pages offer other teams' contributions (the preset's `slots`; undefined: not recorded, an older preset). */
  readonly slots?: readonly string[];
}

const strings = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
const objectOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/**
 * The first files of an exposed module (the area's by default; `contributions/<module>` for a
 * contribution) and the integrity recorded for each: what preloads need,
 * and all the boot script reads (kept apart from `readRemoteBuild` so the boot script stays small).
 */
export function readExposedFiles(
  manifest: unknown,
  expose: string = REMOTE_EXPOSE,
): Pick<RemoteBuild, 'files' | 'integrityOf'> {
  const body = objectOf(manifest);
  const exposed = Array.isArray(body.exposes)
    ? (
        body.exposes as Array<{ path?: unknown; assets?: { js?: { sync?: unknown }; css?: { sync?: unknown } } } | null>
      ).find((item) => item?.path === `./${expose}`)
    : undefined;
  const recorded = objectOf(body.integrity);
  return {
    files: { js: strings(exposed?.assets?.js?.sync), css: strings(exposed?.assets?.css?.sync) },
    integrityOf: (file) => {
      const value = Object.prototype.hasOwnProperty.call(recorded, file) ? recorded[file] : undefined;
      return isSri(value) ? value : undefined;
    },
  };
}

/** The modules a build exposes, as its `mf-manifest.json` lists them (`./remote`, `./contributions/…`). */
export function exposedModules(manifest: unknown): string[] {
  const body = objectOf(manifest);
  return Array.isArray(body.exposes)
    ? (body.exposes as Array<{ path?: unknown } | null>)
        .map((item) => item?.path)
        .filter((path): path is string => typeof path === 'string')
    : [];
}

type Assets = { js?: { sync?: unknown; async?: unknown }; css?: { sync?: unknown; async?: unknown } } | undefined;
const assetFiles = (assets: Assets, when: 'sync' | 'async') => [
  ...strings(assets?.js?.[when]),
  ...strings(assets?.css?.[when]),
];

/**
 * Every script and stylesheet a build's mf-manifest.json lists, relative to it: each exposed module's
 * and each shared package's, first and later ones. What a check can see of a build from its URL (a
 * build folder shows all its files: `loadedByBrowser`).
 */
export function listedFiles(manifest: unknown): string[] {
  const body = objectOf(manifest);
  const listed = [body.exposes, body.shared].flatMap((list) =>
    Array.isArray(list)
      ? (list as Array<{ assets?: Assets } | null>).flatMap((item) => [
          ...assetFiles(item?.assets, 'sync'),
          ...assetFiles(item?.assets, 'async'),
        ])
      : [],
  );
  return [...new Set(listed)].filter(loadedByBrowser);
}

/**
 * The first files of its exposed modules that a build lists without recording their integrity. A
 * pinned remote with any is refused: the host hints those files with the hash the build recorded,
 * and a build that records none for them did not pin them (its entry would load whatever is served).
 */
export function unrecordedFirstFiles(manifest: unknown): string[] {
  return exposedModules(manifest).flatMap((path) => {
    const module = readExposedFiles(manifest, path.replace(/^\.\//, ''));
    return [...module.files.js, ...module.files.css].filter((file) => !module.integrityOf(file));
  });
}

/** Reads what a remote's `mf-manifest.json` says, tolerating anything malformed (it is untrusted input). */
export function readRemoteBuild(manifest: unknown): RemoteBuild {
  const body = objectOf(manifest) as {
    metaData?: { buildInfo?: { buildVersion?: unknown } };
    shared?: unknown;
    globalCss?: unknown;
    slots?: unknown;
    mount?: unknown;
  };
  const version = body.metaData?.buildInfo?.buildVersion;
  const shared = Array.isArray(body.shared)
    ? (body.shared as Array<{ name?: unknown; requiredVersion?: unknown } | null>)
    : [];
  const contract = shared.find((item) => item?.name === CONTRACT_PACKAGE);
  return {
    ...(typeof version === 'string' && /^[\w.+-]{1,64}$/.test(version) ? { version } : {}),
    ...(typeof contract?.requiredVersion === 'string' && contract.requiredVersion.length < 64
      ? { contractRange: contract.requiredVersion }
      : {}),
    declaresContract: contract !== undefined,
    mount: body.mount === OWN_ROOT ? OWN_ROOT : HOST_TREE,
    ...readExposedFiles(manifest),
    globalCss: strings(body.globalCss),
    ...(Array.isArray(body.slots) ? { slots: strings(body.slots) } : {}),
  };
}

/** One file a remote's page needs first: its URL, the integrity it is checked against, what it is. */
export interface RemoteFile {
  readonly url: string;
  readonly integrity?: string;
  readonly as: 'script' | 'style';
}

/**
 * The files a remote's page needs first: its entry script and the chunks and stylesheets of its
 * exposed module (`expose`: the area's by default), as listed in its mf-manifest.json, for preload hints (the host's boot script and
 * loader, and the prerendered pages). Only files beside the manifest (same origin, already allowed),
 * each with the integrity the script that uses it will carry: the pinned hash for a pinned entry,
 * none for another entry, and for chunks the sha384 their build recorded (the entry pins the same
 * hashes). A pinned remote's chunks are listed only when their hash is known.
 */
export function remoteFiles(
  entry: { readonly entry: string; readonly integrity?: string | undefined },
  manifest: unknown,
  scriptUrl = entryScriptUrl(entry.entry),
  expose: string = REMOTE_EXPOSE,
): RemoteFile[] {
  const base = new URL(entry.entry);
  const build = readExposedFiles(manifest, expose);
  return [
    { url: scriptUrl, ...(entry.integrity ? { integrity: entry.integrity } : {}), as: 'script' as const },
    // Its stylesheets too: they load with the module, before its code runs.
    ...[
      ...build.files.js.map((file) => ({ file, as: 'script' as const })),
      ...build.files.css.map((file) => ({ file, as: 'style' as const })),
    ]
      .map(({ file, as }) => ({ url: new URL(file, base).href, integrity: build.integrityOf(file), as }))
      .filter((hint) => !entry.integrity || hint.integrity),
  ].filter((hint) => new URL(hint.url).origin === base.origin);
}
