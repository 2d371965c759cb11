import type { parseArgs } from 'node:util';
import type { ObjectStore } from '../store/object-store';
import type { ChangeOptions, ReleaseScope, Who } from '../environments/who';
import { usage, type OPTIONS } from './options';

// What an mfe-release command is (one module per concept under commands/, one table in commands/index.ts):
// its lines in --help, the options of its own it takes, and what it runs with the scope the command line made.

export type Option = keyof typeof OPTIONS;
type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

/** What every command gets: the store, who acts and how, the options given, and the words after the verb. */
export interface Scope {
  readonly store: ObjectStore;
  readonly who: Who;
  /** The change's guards and host (`--expect`, `--dry-run`, `--host`): given to every command that changes an environment. */
  readonly options: ChangeOptions;
  readonly values: Values;
  /** The words after the command's name. */
  readonly args: readonly string[];
  /** The one environment the command acts on (`--env`); refuses as bad usage when not given. */
  env(): string;
  /** Where, as whom and how a change acts: the store, `env` (by default `--env`), who, and the options. */
  acting(env?: string): ReleaseScope;
  /** A path as the user meant it, from where they typed the command. */
  here(path: string): string;
  /** Says a line along the way: on standard error with --json (standard output is the document's). */
  say(line: string): void;
}

/**
 * What a command did: lines to print (or, with --json, `{ ok, lines }`), or a document to print, with
 * its exit status when not 0 (a watched rollout's ending); or only an exit status (`serve`).
 */
export type Outcome =
  | { readonly lines: readonly string[]; readonly exit?: number }
  | { readonly json: unknown; readonly exit?: number }
  | { readonly exit: number };

export interface Command {
  /** Its lines in `mfe-release --help`, indented as the help is. */
  readonly usage: string;
  /** The options it takes beyond those every command takes (GLOBAL_OPTIONS); any other is refused as bad usage. */
  readonly options: readonly Option[];
  run(scope: Scope): Promise<Outcome>;
}

/** What every command takes: where the store is, who acts and why, the change's guards, and --json. */
export const GLOBAL_OPTIONS: readonly Option[] = [
  'store',
  's3-endpoint',
  'env',
  'host',
  'actor',
  'reason',
  'expect',
  'dry-run',
  'json',
  'help',
];

export const lines = async (made: Promise<readonly string[]>): Promise<Outcome> => ({ lines: await made });

/** `<key>=<value>` pairs of a repeatable option, refused as usage when one has no `=`. */
export function pairsOf(given: readonly string[] | undefined, option: string, what: string): Array<[string, string]> {
  return (given ?? []).map((pair) =>
    pair.includes('=')
      ? [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]
      : usage(`--${option} ${pair}: write ${what}.`),
  );
}

/** A whole number given as an option (`--order 3`, `--to #12`), or undefined when not given. */
export function wholeNumber(
  text: string | undefined,
  refusal: string,
  atLeast = Number.MIN_SAFE_INTEGER,
): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text.replace(/^#/, ''));
  return Number.isInteger(value) && value >= atLeast ? value : usage(refusal);
}
