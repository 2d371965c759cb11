import pkg from '../package.json';

/**
 * Version of the host↔remote contract defined by this package: its package
 * version, read from package.json (never a hand-kept copy). The federation
 * share scope and the host's compatibility check use the same number.
 * Versioning policy (changesets): a change that would break a remote built
 * against the old contract (removed or changed members) is a major; additions
 * are minors. Hosts refuse remotes built for a newer contract or another major.
 */
export const CONTRACT_VERSION: string = pkg.version;
