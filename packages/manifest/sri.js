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
 * The hashes an entry script's loader pins its files with, read where its runtime reads them: the
 * integrity tables it carries (object literals of `sha…` strings: webpack's and Rspack's
 * `__webpack_require__.sriHashes` and `sriExtractCssHashes`, the preset's stylesheet map) that its own
 * code sets on an element's `integrity` (`link.integrity = table[chunkId]`). A hash written anywhere
 * else (a comment, a string, a table nothing applies) pins nothing: a loader that does not set it
 * loads the file whatever its bytes. Parsed with acorn; a script that does not parse pins nothing.
 */
function entryPins(script) {
  const text = typeof script === 'string' ? script : Buffer.from(script).toString('utf8');
  const program = parseScript(text);
  if (!program) return new Set();
  /** Tables by how code names them: `.name` for a property (`r.sriHashes`), `name` for a variable. */
  const tables = new Map();
  const applied = new Set();
  const nameOf = (node) =>
    node && node.type === 'Identifier'
      ? node.name
      : node && node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier'
        ? `.${node.property.name}`
        : undefined;
  const hashesIn = (node) => {
    if (!node || node.type !== 'ObjectExpression' || node.properties.length === 0) return undefined;
    const values = node.properties.map((property) =>
      property.type === 'Property' && property.value.type === 'Literal' && typeof property.value.value === 'string'
        ? property.value.value
        : undefined,
    );
    return values.every((value) => value !== undefined && HASH.test(value)) ? values : undefined;
  };
  const record = (name, node) => {
    const hashes = name && hashesIn(node);
    if (hashes) tables.set(name, [...(tables.get(name) ?? []), ...hashes]);
  };
  walk(program, (node) => {
    if (node.type === 'VariableDeclarator') record(nameOf(node.id), node.init);
    if (node.type !== 'AssignmentExpression') return;
    record(nameOf(node.left), node.right);
    // `element.integrity = table[key]`: the loader applies that table.
    if (nameOf(node.left) === '.integrity' && node.right.type === 'MemberExpression' && node.right.computed)
      applied.add(nameOf(node.right.object));
  });
  return new Set([...tables].filter(([name]) => applied.has(name)).flatMap(([, hashes]) => hashes));
}

const HASH = /^(sha256|sha384|sha512)-[A-Za-z0-9+/]+={0,2}$/;

function parseScript(text) {
  const acorn = require('acorn');
  for (const sourceType of ['script', 'module'])
    try {
      return acorn.parse(text, { ecmaVersion: 'latest', sourceType });
    } catch {
      // Tried as the other kind, then given up on: an entry that does not parse pins nothing.
    }
  return undefined;
}

/** Every node of an acorn tree, parents first. */
function walk(node, visit) {
  visit(node);
  for (const value of Object.values(node))
    if (Array.isArray(value)) {
      for (const child of value) if (child && typeof child.type === 'string') walk(child, visit);
    } else if (value && typeof value.type === 'string') walk(value, visit);
}

/** Whether an entry's pins (`entryPins`) pin some bytes: one of their hashes, in any algorithm browsers read. */
function pinsBytes(pins, bytes) {
  return ALGORITHMS.some((algorithm) =>
    pins.has(`${algorithm}-${createHash(algorithm).update(bytes).digest('base64')}`),
  );
}

module.exports = { sri, matchesPin, entryPins, pinsBytes };
