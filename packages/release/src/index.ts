export { readAudit, recordAudit, type AuditRecord } from './audit';
export { alteredFiles, type AlteredFile, type BuildRecord } from './build-record';
export { publishBuild, readBuildRecord, type PublishResult } from './builds';
export { deployChange, promoteChange, rollbackChange, type ChangeContext, type Placement } from './changes';
export * as commands from './commands';
export { diffManifests, versionOf } from './diff';
export { DirectoryStore } from './directory-store';
export { collectGarbage, type GcOptions } from './gc';
export { isReleaseError, ReleaseError, type ReleaseErrorCode } from './errors';
export { KEYS, readSettings, type StoreSettings } from './layout';
export type { ObjectStore, StoredObject } from './object-store';
export { defaultActor, openStore } from './open-store';
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
} from './revisions';
export { S3Store, type S3StoreOptions } from './s3-store';
export { startReleaseService, type RunningService, type ServiceOptions } from './service/server';
export { RolloutController, type ControllerHealth } from './service/controller';
export { consolePages } from './service/console-pages';
export { hostCheck } from './verify';
export type { ReleaseScope, Who } from './who';
