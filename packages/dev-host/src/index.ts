export { readRemoteSettings, RemoteSettingsError, type RemoteSettings } from './remote-settings';
