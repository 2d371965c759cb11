export { CONTRACT_VERSION } from './version';
export { ApiError, PlatformError, isPlatformError, type PlatformErrorCode } from './errors';
export type {
  ApiClient,
  AuthApi,
  HostContext,
  NavigateOptions,
  RemoteInfo,
  RuntimeConfig,
  Telemetry,
  User,
} from './types';
export {
  HostProvider,
  useApi,
  useConsent,
  useAuth,
  useEvent,
  useEvents,
  useHost,
  useIntl,
  useRemote,
  useRuntimeConfig,
  useTelemetry,
  useUser,
  type HostProviderProps,
} from './provider';
export {
  defineRemote,
  isRemoteModule,
  REMOTE_MODULE_KIND,
  type RemoteDefinition,
  type RemoteModule,
} from './define-remote';
export {
  defineMountedArea,
  isMountedAreaModule,
  MOUNTED_AREA_KIND,
  type AreaLocation,
  type AreaServices,
  type MountedAreaDefinition,
  type MountedAreaHandle,
  type MountedAreaModule,
} from './mount';
export {
  createEventBus,
  type EventBus,
  type EventHandler,
  type PlatformEventName,
  type PlatformEvents,
  type RootEventBus,
  type SubscribeOptions,
  type Unsubscribe,
} from './events';
export { createConsentStore, NO_CONSENT, type ConsentApi, type ConsentCategory, type ConsentState } from './consent';
export { areaPath } from './area-path';
export {
  AreaLink,
  AreaNavLink,
  useAreaHref,
  useAreaNavigate,
  usePageTitle,
  type AreaLinkProps,
  type AreaNavLinkProps,
} from './area-links';
export { PSEUDO_LOCALE } from './pseudo-locale';
export { canParseMessages, installMessageParser, type CompiledMessage } from './message-parser';
export {
  createIntl,
  defineMessages,
  fixedIntl,
  textDirection,
  type CreateIntlOptions,
  type IntlApi,
  type IntlSource,
  type MessageDescriptor,
  type MessageValues,
} from './intl';
export {
  CONTRIBUTION_MODULE_KIND,
  defineContribution,
  isContributionModule,
  type ContributionModule,
  type ContributionProps,
  type NoParams,
  type SlotHost,
  type SlotMap,
  type SlotName,
  type SlotOutletProps,
  type SlotParams,
} from './slots';
export { Slot, type SlotProps } from './slot';
