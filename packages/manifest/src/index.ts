export {
  MANIFEST_SCHEMA_VERSION,
  RemoteEntrySchema,
  ManifestSchema,
  describeProblem,
  parseManifest,
  type ManifestPolicy,
  type ManifestProblem,
  type ParsedManifest,
  type RemoteEntry,
} from './manifest';
export { describeIssues } from './validation';
export { describeIncompatibility, findIncompatibilities, type Incompatibility } from './compatibility';
