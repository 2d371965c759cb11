// The release commands, as the command line and the console run them: what changes an environment
// (changing.ts), what reads one (reading.ts), and what a store is set up and checked with.
export { canary, deploy, pages, promote, publish, rollback } from './changing';
export { diff, history, historyData, status, statusData } from './reading';
export { audit, cors, init, verify } from '../store/store-commands';
export type { Who } from '../environments/who';
