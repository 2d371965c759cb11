export { readAreaArguments, AREA_USAGE } from './arguments';
export {
  planRemote,
  ScaffoldError,
  TEMPLATE_DIR,
  writeRemote,
  type RemotePlan,
  type RemoteRequest,
  type ScaffoldErrorCode,
  type Workspace,
} from './scaffold';
