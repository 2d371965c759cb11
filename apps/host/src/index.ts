// The async boundary: shared singletons (React, react-router, @mfe/context)
// are resolved by the federation runtime before the app's code runs.
if (window.location.pathname === '/auth/silent-callback') {
  void import('./auth/silent-callback').then((m) => m.completeSilentCallback());
} else {
  void import('./bootstrap');
}
