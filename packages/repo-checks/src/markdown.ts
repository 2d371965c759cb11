/** A relative link of a Markdown document: its target and the line it is on. */
export interface Link {
  readonly target: string;
  readonly line: number;
}

/** Code (fenced blocks and inline spans) blanked out, keeping lines: links inside code are examples. */
function withoutCode(text: string): string {
  return text
    .replace(/```[\s\S]*?```/g, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/`[^`\n]*`/g, (span) => ' '.repeat(span.length));
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Links to other files of the repository (not URLs, not mail): `[text](path#anchor)`. */
export function relativeLinks(text: string): Link[] {
  const prose = withoutCode(text);
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => ({ target: match[1]!, line: lineOf(prose, match.index) }))
    .filter(({ target }) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export function headings(text: string): string[] {
  return [...withoutCode(text).matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => anchorOf(match[1]!));
}

/** A `pnpm` command in code: the script it runs and the package it runs in (`--filter`), if any. */
export interface PnpmCommand {
  readonly script: string;
  readonly filter?: string;
  readonly line: number;
}

/** pnpm's own commands, which are not scripts of the repository. */
export const PNPM_COMMANDS = new Set([
  'install',
  'publish',
  'i',
  'add',
  'remove',
  'exec',
  'dlx',
  'run',
  'approve-builds',
  'why',
  'list',
  'outdated',
  'update',
  'store',
  'test',
]);

/** Every `pnpm …` in code spans and fenced blocks: `pnpm [--silent] [--filter <pkg>] <script>`. */
export function pnpmCommands(text: string): PnpmCommand[] {
  const code = [...text.matchAll(/```[\s\S]*?```|`[^`\n]+`/g)];
  const found: PnpmCommand[] = [];
  for (const block of code) {
    for (const match of block[0].matchAll(
      /(?:^|[\s`(;&|])(?:npx -y pnpm@[\d.]+|pnpm)((?:\s+--(?:silent|filter(?:=|\s+)\S+|recursive|-r))*)\s+([a-z][a-z0-9:-]*)/g,
    )) {
      const filter = /--filter(?:=|\s+)(\S+)/.exec(match[1] ?? '')?.[1];
      found.push({
        script: match[2]!,
        ...(filter ? { filter } : {}),
        line: lineOf(text, block.index + match.index + match[0].length),
      });
    }
  }
  return found;
}
