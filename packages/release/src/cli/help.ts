import { ENDINGS } from '../rollouts/rollout-state';
import { COMMANDS } from './commands';

/** What `mfe-release --help` says: each command's own lines (commands/), between what applies to all. */
export const USAGE = [
  `Usage: mfe-release <command> --store <folder | s3://bucket/prefix> [options]
       (in this repository: pnpm release …)
`,
  ...Object.values(COMMANDS).map((command) => command.usage),
  `
Every change is checked as the environment's host will read it before it becomes current, and is
recorded with --actor (default: from the CI system, else the user) and --reason. On any command that
changes an environment: --expect <revision> refuses unless the environment is still at that revision;
--dry-run checks and prints what would change, and changes nothing.
Options: --host <url> (this environment's host, instead of the store's), --s3-endpoint <url>
(an S3-compatible server; also MFE_RELEASE_S3_ENDPOINT), MFE_RELEASE_STORE for --store.
An option a command does not take is refused (exit code 2), not ignored.
Exit codes: 0 changed (or, for reading commands, read), 1 refused, failed or nothing to do (one line
per problem), 2 bad usage; a refusal's stable code is on its last line. A watched rollout exits with
its ending's: ${Object.entries(ENDINGS)
    .map(([ending, { exit }]) => `${exit} ${ending}`)
    .join(', ')}. --json: one JSON document on standard output, refusals included.`,
].join('\n');
