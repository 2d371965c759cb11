// What the service's API answers, as its own code declares it (types only: nothing of the
// service's code is in the page).
export type {
  EnvironmentView,
  LookPoint,
  Overview,
  RemoteView,
  RevisionSummary,
  RolloutView,
} from '../../src/service/views';
export type { Person, SessionInfo } from '../../src/service/console-api';
export type { AuditRecord } from '../../src/store/audit';
export type { BuildRecord, AlteredFile } from '../../src/store/build-record';
export type { ManifestDocument } from '../../src/environments/revisions';
