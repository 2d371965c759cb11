import rules from '../rules.json';

/**
 * The rules for a feature area's name, route and label, and the paths the
 * host owns, from `rules.json` (also read by the webpack preset): the
 * manifest, the scaffold and the build all apply these and no other.
 */
export const NAME_PATTERN = new RegExp(rules.name.pattern);
export const ROUTE_PATTERN = new RegExp(rules.route.pattern);
export const LABEL_MAX_LENGTH = rules.label.maxLength;
/** Not blank, and none of < > { } ` " \ (a label must not break out of markup or JSON). */
export const LABEL_PATTERN = new RegExp(rules.label.pattern);
/** Paths the host owns; no remote may mount on or under them. */
export const RESERVED_PATHS: readonly string[] = rules.reservedPaths;
/** The runtime files a host reads at start-up (`config.json`, the default manifest URL), by path. */
export const RUNTIME_FILES = { config: rules.runtimeFiles.config, manifest: rules.runtimeFiles.manifest } as const;

/** What an absent field means (rules.json's `defaults`). */
export const DEFAULTS = { remoteTimeoutMs: rules.defaults.remoteTimeoutMs, locale: rules.defaults.locale } as const;

export const RULES_EXPLAINED = {
  name: rules.name.explain,
  route: rules.route.explain,
  label: rules.label.explain,
  integrity: rules.integrity.explain,
} as const;

export function isValidName(name: string): boolean {
  return NAME_PATTERN.test(name);
}

export function isValidRoute(route: string): boolean {
  return ROUTE_PATTERN.test(route);
}

export function isValidLabel(label: string): boolean {
  return label.length <= LABEL_MAX_LENGTH && LABEL_PATTERN.test(label);
}

/** Whether two mount points collide: equal, or one inside the other. */
export function pathsOverlap(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

/** The host path `route` would collide with, if any. */
export function reservedPathOf(route: string): string | undefined {
  return RESERVED_PATHS.find((reserved) => pathsOverlap(route, reserved));
}
