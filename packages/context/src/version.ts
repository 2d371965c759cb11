/**
 * Version of the host↔remote contract defined by this package.
 * Bump the major when a remote built against the old contract would break
 * in a host that provides the new one (removed or changed members).
 * Keep it equal to this package's `version` (a unit test checks it).
 */
export const CONTRACT_VERSION = '1.3.0';
