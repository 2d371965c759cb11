// @ts-check
const path = require('node:path');

/**
 * Packages that must exist exactly once on a page: React keeps hook state
 * per copy, react-router keeps the location in a React context, and
 * @mfe/context carries the host's React context object to remotes.
 * Sub-paths are separate share keys (a package key does not cover them).
 * The host provides all of them; remotes never bundle a fallback copy.
 */
/** The shared package whose version is the platform contract (from @mfe/manifest's rules). */
const CONTRACT_PACKAGE = require('@mfe/manifest/rules.json').build.contractPackage;

/** @type {string[]} (the one list, in @mfe/manifest's rules.json: the prerender step provides the same) */
const HOST_SINGLETONS = require('@mfe/manifest/rules.json').build.singletons;

/**
 * Version of a package as installed for the app in `appDir`.
 * @param {string} appDir @param {string} request
 */
function installedVersion(appDir, request) {
  const pkgName = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
  const pkgJson = require.resolve(`${pkgName}/package.json`, { paths: [appDir] });
  return /** @type {{version: string}} */ (require(pkgJson)).version;
}

/**
 * Versions of the singletons as installed for the app in `appDir`: what a
 * host built from there provides (also used by the manifest check command).
 * @param {string} appDir
 */
function providedVersions(appDir) {
  return Object.fromEntries(HOST_SINGLETONS.map((request) => [request, installedVersion(appDir, request)]));
}

/**
 * @param {string} appDir
 * @param {'host' | 'remote'} role
 * @param {Record<string, string>} [imports] host only: the module that provides a singleton, when not the package itself
 */
function sharedConfig(appDir, role, imports = {}) {
  /** @type {Record<string, Record<string, unknown>>} the federation plugin's `shared` option */
  const shared = {};
  for (const request of HOST_SINGLETONS) {
    const version = installedVersion(appDir, request);
    const major = version.split('.')[0];
    shared[request] = {
      singleton: true,
      // Libraries: any release of the same major. The contract: at least the
      // version the remote was built against (it may use what that added).
      // The remote's mf-manifest.json records these ranges, and the host
      // checks them before it loads the remote's code.
      // The host takes its own copy, the only one on the page, with no range to check: checking it
      // parsed and compared semver ranges for every singleton as the host's script started (about
      // 30 ms of a throttled phone's start, measured with a CPU profile).
      ...(role === 'host'
        ? { requiredVersion: false }
        : { requiredVersion: request === CONTRACT_PACKAGE ? `^${version}` : `^${major}.0.0`, strictVersion: true }),
      // The host bundles them into its first script (eager): they are needed on every page, and
      // separate chunks would only add requests to the critical path.
      ...(role === 'host'
        ? { version, eager: true, ...(imports[request] ? { import: path.resolve(appDir, imports[request]) } : {}) }
        : { import: false }),
    };
  }
  return shared;
}

module.exports = { CONTRACT_PACKAGE, HOST_SINGLETONS, providedVersions, sharedConfig };
