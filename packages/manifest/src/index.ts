export {
  MANIFEST_SCHEMA_VERSION,
  MANIFEST_SCHEMA_VERSIONS,
  CandidateSchema,
  RemoteEntrySchema,
  RemoteEntryV2Schema,
  RemoteEntryV3Schema,
  ManifestSchema,
  labelIn,
  schemaVersionFor,
  describeProblem,
  parseManifest,
  type ManifestPolicy,
  type ManifestProblem,
  type ParsedManifest,
  type Candidate,
  type RemoteEntry,
} from './manifest';
export { describeIssues } from './validation';
export { describeIncompatibility, findIncompatibilities, type Incompatibility, type RangeCheck } from './compatibility';
export {
  RuntimeConfigSchema,
  isOrigin,
  LOCAL_ORIGINS,
  telemetryOrigins,
  validateRuntimeConfig,
  type ParsedRuntimeConfig,
  type RuntimeConfigInput,
  type RuntimeConfigResult,
  type TelemetryAdapterConfig,
} from './runtime-config';
export { isValidLabel, isValidName, isValidRoute, LABEL_MAX_LENGTH, LABEL_PATTERN, LOCALE_TAG_PATTERN, NAME_PATTERN, PAGE_FILES, pathsOverlap, RUNTIME_FILES, RESERVED_PATHS, reservedPathOf, ROUTE_PATTERN, RULES_EXPLAINED } from './rules';
export { CONTRACT_PACKAGE, entryScriptUrl, isSri, readExposedFiles, readRemoteBuild, remoteFiles, REMOTE_EXPOSE, SRI_PATTERN, type RemoteBuild, type RemoteFile } from './remote-build';
export { DEFAULT_HOST_PORT, localUrl, topology, type StackTopology } from './dev-topology';
