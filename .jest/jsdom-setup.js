// jsdom lacks some web APIs that browsers (and Node) have; react-router needs TextEncoder.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
