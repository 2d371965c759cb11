import { manifestCheckCommand } from './check-command';

// `mfe-manifest-check`: the command, run on this process's arguments.
void manifestCheckCommand(process.argv.slice(2)).then((code) => process.exit(code));
