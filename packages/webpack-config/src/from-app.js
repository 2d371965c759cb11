// @ts-check
/**
 * Loads a build tool as the app itself would, so every app uses its own locked version.
 * @param {string} appDir @param {string} request
 */
function fromApp(appDir, request) {
  return require(require.resolve(request, { paths: [appDir] }));
}

module.exports = { fromApp };
