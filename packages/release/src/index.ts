export { readAudit, recordAudit, type AuditRecord } from './store/audit';
export { alteredFiles, type AlteredFile, type BuildRecord } from './store/build-record';
export { publishBuild, readBuildRecord, type PublishResult } from './store/builds';
export {
  deployChange,
  promoteChange,
  rollbackChange,
  type ChangeContext,
  type Placement,
} from './environments/changes';
export * as commands from './commands';
export { diffManifests, versionOf } from './environments/diff';
export { DirectoryStore } from './store/directory-store';
export { collectGarbage, type GcOptions } from './environments/gc';
export { isReleaseError, ReleaseError, type ReleaseErrorCode } from './errors';
export { KEYS, readSettings, type StoreSettings } from './store/layout';
export type { ObjectStore, StoredObject } from './store/object-store';
export { defaultActor, openStore } from './store/open-store';
export {
  commit,
  describeAction,
  readCurrent,
  readHistory,
  readRevision,
  type Change,
  type CommitResult,
  type ManifestDocument,
  type ReleaseAction,
  type Revision,
  type ServedManifest,
} from './environments/revisions';
export { S3Store, type S3StoreOptions } from './store/s3-store';
export { startReleaseService, type RunningService, type ServiceOptions } from './service/server';
export { RolloutController, type ControllerHealth } from './service/controller';
export { consolePages } from './service/console-pages';
export { hostCheck } from './environments/verify';
export type { ReleaseScope, Who } from './environments/who';
