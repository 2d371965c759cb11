// @ts-check
// A content-hashed file name (`main.1a2b3c4d.js`): its length is the header policy's too (deploy's
// immutable pattern), so it comes from the one rule file.
/** @type {number} */
const CONTENT_HASH_LENGTH = require('@mfe/manifest/rules.json').build.contentHashLength;

/** webpack's placeholder for a content hash of that length. */
const CONTENT_HASH = `[contenthash:${CONTENT_HASH_LENGTH}]`;

module.exports = { CONTENT_HASH, CONTENT_HASH_LENGTH };
