// @ts-check
/**
 * Loads a build tool as the app itself would, so every app uses its own locked version; one the app
 * has not installed is said with what to do.
 * @param {string} appDir @param {string} request
 */
function fromApp(appDir, request) {
  let resolved;
  try {
    resolved = require.resolve(request, { paths: [appDir] });
  } catch {
    const name = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
    throw new Error(
      `${appDir} builds with ${name}, which it has not installed: add it to its devDependencies (the preset's peerDependencies say which version).`,
    );
  }
  return require(resolved);
}

module.exports = { fromApp };
