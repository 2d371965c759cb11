// BENCH FIXTURE: Module Federation's own dynamic-remotes example, as a team would copy it: the
// host's entry only crosses the async boundary the shared modules need, and the bootstrap calls the
// federation runtime's `init()` then `loadRemote()`. Built with the plain ModuleFederationPlugin
// (webpack.config.cjs): none of the platform's preset, pins, manifest of areas or checks.
import('./bootstrap');
