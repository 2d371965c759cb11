import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

// How long ago the command a person typed started. `pnpm dev` reaches this process through pnpm,
// a shell and tsx, and the host's development build runs before the session: a clock started in
// the session would leave out seconds the person waited. On Linux the command's first process is
// found by climbing this process's parents while they are the launchers a dev command runs through
// (a test or a terminal above them is not the command); elsewhere this process's start is the
// nearest known.

/** The launchers between a person's command and this process, by program name. */
const LAUNCHERS = new Set(['pnpm', 'npm', 'npx', 'npm-cli', 'npx-cli', 'tsx', 'mfe-dev']);
const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh']);

/** The program a command line runs: a shell's `-c` command, a script node runs, or the binary itself. */
function programOf(argv: readonly string[]): string {
  const name = (path = '') => basename(path).replace(/\.[cm]?js$/, '');
  const [binary = '', first = '', second = ''] = argv;
  if (SHELLS.has(name(binary)) && first === '-c') return name(second.trim().split(/\s+/)[0]);
  if (name(binary) === 'node')
    return /[/\\]tsx[/\\]dist[/\\]cli$/.test(first.replace(/\.[cm]?js$/, '')) ? 'tsx' : name(first);
  return name(binary);
}

/** Clock ticks per second of /proc's times: USER_HZ, 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

/** Milliseconds since the command started (at least since this process started). */
export function msSinceCommandStarted(): number {
  return Math.max(performance.now(), firstLauncherAgeMs() ?? 0);
}

interface ProcessInfo {
  readonly parent: number;
  readonly startTicks: number;
  readonly program: string;
}

function processInfo(pid: number | 'self'): ProcessInfo {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the process's name (which may hold spaces, in parentheses) start at field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    parent: Number(fields[1]),
    startTicks: Number(fields[19]),
    program: programOf(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')),
  };
}

function firstLauncherAgeMs(): number | undefined {
  try {
    let first = processInfo('self');
    for (let pid = first.parent; pid > 1;) {
      const parent = processInfo(pid);
      if (!LAUNCHERS.has(parent.program)) break;
      first = parent;
      pid = parent.parent;
    }
    const uptimeSeconds = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
    const age = (uptimeSeconds - first.startTicks / TICKS_PER_SECOND) * 1000;
    return Number.isFinite(age) && age >= 0 ? age : undefined;
  } catch {
    // Not Linux, or a parent exited while it was read.
    return undefined;
  }
}
