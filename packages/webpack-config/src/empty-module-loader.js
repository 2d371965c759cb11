// @ts-check
/** A module with nothing in it (a global stylesheet in a server build: no class names to export). */
module.exports = function emptyModule() {
  return 'export {};';
};
