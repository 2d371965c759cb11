import type { Command } from '../command';

export { GLOBAL_OPTIONS, type Command } from '../command';
import { canary, deploy, pages, preview, promote, rollback } from './changes';
import { diff, history, status } from './reading';
import { policy, rollout } from './rollouts';
import { serve } from './serve';
import { audit, cors, gc, init, publish, verify } from './store';

/** Every command by its name, as `mfe-release <command>` looks it up, in the order --help lists them. */
export const COMMANDS: Readonly<Record<string, Command>> = {
  init,
  publish,
  deploy,
  canary,
  rollout,
  policy,
  promote,
  rollback,
  preview,
  pages,
  history,
  diff,
  status,
  verify,
  gc,
  cors,
  audit,
  serve,
};
