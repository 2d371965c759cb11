export { startDevIdp, type DevIdpOptions, type RunningDevIdp } from './server';
export { DEFAULT_CLIENT_ID, type DevProviderOptions } from './provider';
export { DEMO_USERS, type DemoUser } from './users';
