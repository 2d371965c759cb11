import * as commands from '../../commands';
import { lines, type Command } from '../command';

// The commands that read environments: what each has, how it came to be, and what a change would do.

export const history: Command = {
  usage: `  history --env <env> [--json]`,
  options: [],
  run: async ({ store, env, values }) =>
    values.json ? { json: await commands.historyData(store, env()) } : lines(commands.history(store, env())),
};

export const diff: Command = {
  usage: `  diff --env <env> [<from>] [<to>] [--json]       revisions (#12), current, or another environment; one: what
                                                  making it current would change; none: the last change`,
  options: [],
  run: async ({ store, env, values, args }) => {
    const changes = await commands.diff(store, env(), args[0], args[1]);
    if (!values.json) return { lines: changes };
    return {
      json: {
        env: env(),
        from: args[0] ?? null,
        to: args[1] ?? null,
        changes: changes[0] === 'no difference' ? [] : changes,
      },
    };
  },
};

export const status: Command = {
  usage: `  status [--env <env>]… [--json]`,
  options: [],
  run: async ({ store, values }) =>
    values.json
      ? { json: await commands.statusData(store, values.env ?? []) }
      : lines(commands.status(store, values.env ?? [])),
};
