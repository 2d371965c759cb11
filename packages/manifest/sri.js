'use strict';
// Subresource Integrity, once for every Node.js reader: the build preset (plain CommonJS, hence this
// file is not TypeScript), the page renderer, the release store and the manifest check. A build records
// sha384; a pin may list several hashes, and is read as browsers read an `integrity` attribute.
const { createHash } = require('node:crypto');

const ALGORITHMS = ['sha256', 'sha384', 'sha512'];

/** The `sha384-…` hash of some bytes (a string is hashed as UTF-8). */
function sri(bytes) {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/**
 * Whether bytes match a pin, as the browser decides (SRI §3.3.5): of the hashes the pin lists with a
 * known algorithm, only those of the strongest count, and any of them matching is enough. A pin with
 * no known hash pins nothing (the browser loads anything), so it does not match here: the platform
 * never accepts an unpinned file as pinned.
 */
function matchesPin(integrity, bytes) {
  const hashes = String(integrity)
    .split(/\s+/)
    .map((token) => /^(sha256|sha384|sha512)-([A-Za-z0-9+/]+={0,2})(?:\?.*)?$/.exec(token))
    .filter(Boolean);
  if (hashes.length === 0) return false;
  const strongest = Math.max(...hashes.map((match) => ALGORITHMS.indexOf(match[1])));
  const algorithm = ALGORITHMS[strongest];
  const digest = createHash(algorithm).update(bytes).digest('base64');
  return hashes.some((match) => match[1] === algorithm && match[2] === digest);
}

/**
 * Whether a script pins some bytes: one of their hashes, in any algorithm browsers read, is written in
 * it, as a bundler's runtime (webpack's or Rspack's subresource-integrity plugin, the preset's CSS
 * loader) writes the hash it sets on each chunk it loads. A runtime that does not write it loads the
 * chunk whatever its bytes.
 */
function pinsBytes(script, bytes) {
  const text = typeof script === 'string' ? script : Buffer.from(script).toString('utf8');
  return ALGORITHMS.some((algorithm) =>
    text.includes(`${algorithm}-${createHash(algorithm).update(bytes).digest('base64')}`),
  );
}

module.exports = { sri, matchesPin, pinsBytes };
