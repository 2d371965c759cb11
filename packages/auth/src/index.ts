// The host's sign-in. What the host takes: a session that loads the sign-in code only when needed
// (`LazySession`), what it renders (`SessionSnapshot`), and what a failed sign-in was. The boot
// script and the silent-callback page take the leaf modules by their own paths (`@mfe/auth/paths`,
// `@mfe/auth/signed-in-hint`, `@mfe/auth/silent-callback`), never this index.
export type { AuthConfig } from './sign-in/config';
export { takeArrival, type Arrival } from './sign-in/arrival';
export { LazySession, loadAuthEngine, needsAuthEngineAtOnce, type LazySessionOptions } from './session/lazy-session';
export { CALLBACK_PATH, SILENT_CALLBACK_PATH } from './sign-in/paths';
export type { AuthStartResult } from './session/session-start';
export { SESSION_NOT_KNOWN, type SessionSnapshot, type SessionStatus } from './session/session-store';
// Types only: classifying needs oidc-client-ts, which must stay in the sign-in chunk.
export type { SignInErrorKind, SignInFailure } from './sign-in/sign-in-failure';
export type { Viewer } from './session/views';
