// jsdom lacks some web APIs that browsers (and Node) have; react-router needs TextEncoder.
const util = require('node:util');
Object.assign(globalThis, { TextEncoder: util.TextEncoder, TextDecoder: util.TextDecoder });
