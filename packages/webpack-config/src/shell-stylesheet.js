// @ts-check
const { createHash } = require('node:crypto');
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { CONTENT_HASH_LENGTH } = require('./content-hash');

/**
 * The shell's own stylesheet (a plain file of the app, e.g. `public/host.css`) as its page names it.
 *
 * A production build copies it under a name that changes with its content (`host.1a2b3c4d.css`),
 * which the header policy serves as immutable: a page's scripts wait for the stylesheets before
 * them, so a stylesheet revalidated on every load held up a reload's boot and main scripts by a
 * round trip (measured: about 70 ms of a throttled signed-in reload). The file under its plain name
 * is still copied with the app's other public files, for what is not made from the build (the
 * server's error page, development hosts).
 * @param {string} file absolute path of the stylesheet
 * @param {string} [mode]
 * @returns {{ href: string, copy: Array<{ from: string, to: string }> }} the page's `href`, and what to copy for it
 */
function shellStylesheet(file, mode = 'production') {
  const base = path.basename(file, '.css');
  // In development (and for an app without the file) the plain name: nothing is cached for good there.
  if (mode !== 'production' || !existsSync(file)) return { href: `/${base}.css`, copy: [] };
  // As long as webpack's content hashes: the header policy's pattern for them (deploy's PATH_PATTERNS).
  const hash = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, CONTENT_HASH_LENGTH);
  return { href: `/${base}.${hash}.css`, copy: [{ from: file, to: `${base}.${hash}.css` }] };
}

module.exports = { shellStylesheet };
