export { startDevIdp, type DevIdpOptions, type RunningDevIdp } from './server';
export { API_SCOPES, CONSOLE_CLIENT_ID, DEFAULT_CLIENT_ID, type DevProviderOptions } from './provider';
export { startDevApi, type DevApiOptions, type DevProfile, type RunningDevApi } from './api';
export { DEMO_USERS, type DemoUser } from './users';
