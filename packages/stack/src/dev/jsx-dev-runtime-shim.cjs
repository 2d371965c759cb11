// DEVELOPMENT ONLY: the Fast Refresh transform needs development JSX, whose runtime
// (react/jsx-dev-runtime) the host does not share. This maps it onto the shared production
// `react/jsx-runtime`, so the remote still uses the host's one React.
const runtime = require('react/jsx-runtime');

exports.Fragment = runtime.Fragment;
exports.jsxDEV = (type, props, key, isStaticChildren) =>
  (isStaticChildren ? runtime.jsxs : runtime.jsx)(type, props, key);
