// Unit tests see a CSS Module as its class names, unchanged (`styles.title` is "title").
module.exports = new Proxy({}, { get: (_target, key) => (key === '__esModule' ? false : key) });
