import { parseArgs, type ParseArgsConfig } from 'node:util';
import { BUNDLER_USAGE } from './bundlers';
import type { RemoteRequest } from './scaffold';

// The scaffold's command line, for both commands that make an area (`create-mfe-remote` here, and
// the platform repository's `pnpm create-remote`): the area's own options, and each command's.

/** What `--react` and `--bundler` take, said in each command's usage. */
export const AREA_USAGE = `--react 18: the area renders in a root of its own with its own React 18 (decision 0019), not in the host's tree;
--react none: in a root of its own without React (plain DOM).
${BUNDLER_USAGE}`;

/** The options every area takes: its route, label and React. */
const AREA_OPTIONS = {
  route: { type: 'string' },
  label: { type: 'string' },
  react: { type: 'string' },
  bundler: { type: 'string' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/**
 * Reads a scaffold command's arguments: the area's request (undefined when its name or route is
 * missing: the command prints its usage) and the command's own options.
 */
export function readAreaArguments<const Own extends NonNullable<ParseArgsConfig['options']>>(
  argv: readonly string[],
  own: Own,
) {
  const { values, positionals } = parseArgs({
    // pnpm may pass a literal "--" before the arguments.
    args: argv.filter((arg) => arg !== '--'),
    allowPositionals: true,
    options: { ...AREA_OPTIONS, ...own },
  });
  const [name] = positionals;
  const { route, label, react, bundler } = values as {
    route?: string;
    label?: string;
    react?: string;
    bundler?: string;
  };
  const request: RemoteRequest | undefined =
    name && route
      ? { name, route, ...(label ? { label } : {}), ...(react ? { react } : {}), ...(bundler ? { bundler } : {}) }
      : undefined;
  return { request, values };
}
