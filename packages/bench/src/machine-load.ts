import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

// How busy the machine was with work other than the bench's own: a run during which other processes
// took a share of the CPUs is no record, since the page and its reference rarely lose the same time.
// Read from Linux's /proc, every half second; elsewhere unknown.
//
// "The bench's own" is its process tree and every process of a session or process group that a
// process of its tree leads: each Chromium starts its own session, and its renderers, left to
// the system's first process when the browser closes, stay in it. Kernel threads are not counted
// (their work here is mostly the bench's own I/O).

/** Above this share of all CPUs taken by other processes, a run is not a record. */
export const LOADED_SHARE = 0.1;

/** How often the processes are read: a foreign process that lives less than this may be missed. */
const SAMPLE_MS = 500;

/** One process as /proc/<pid>/stat gives it. */
export interface ProcessTime {
  readonly pid: number;
  readonly parent: number;
  readonly group: number;
  readonly session: number;
  /** utime + stime, in clock ticks. */
  readonly ticks: number;
}

/** One reading of /proc: every CPU's time so far, and each process. */
export interface Reading {
  readonly cpuTicks: number;
  readonly processes: readonly ProcessTime[];
}

/** A point of the run to measure from: the CPUs' time and the others' time so far. */
export interface Mark {
  readonly cpuTicks: number;
  readonly othersTicks: number;
}

/** What a run's report says about the machine. */
export interface MachineLoad {
  readonly cpus: number;
  /** The 1-minute load average when the run began. */
  readonly loadAverageAtStart: number;
  /** The share of all CPUs other processes took while the run measured; undefined off Linux. */
  readonly othersShare: number | undefined;
}

export function readProc(proc = '/proc'): Reading | undefined {
  try {
    return { cpuTicks: cpuTicks(readFileSync(`${proc}/stat`, 'utf8')), processes: processes(proc) };
  } catch {
    return undefined;
  }
}

/**
 * Accounts the others' CPU time from readings, one at a time: who is the bench's own (`root`'s tree,
 * and the sessions and process groups its processes lead), and how much time the rest took since the
 * first reading (a process first seen later was born since: all its time counts).
 */
export class LoadAccount {
  private readonly ours = new Set<number>();
  private readonly ourLeaders = new Set<number>();
  private readonly seen = new Map<number, number>();
  private othersTicks = 0;
  private cpuTicks = 0;
  private first = true;

  constructor(private readonly root: number) {
    this.ours.add(root);
  }

  add({ cpuTicks, processes }: Reading): void {
    const children = new Map<number, number[]>();
    for (const p of processes) {
      const siblings = children.get(p.parent);
      if (siblings) siblings.push(p.pid);
      else children.set(p.parent, [p.pid]);
    }
    const rootProcess = processes.find((p) => p.pid === this.root);
    for (const pending = [this.root]; pending.length > 0;) {
      const pid = pending.pop()!;
      this.ours.add(pid);
      pending.push(...(children.get(pid) ?? []));
    }
    for (const p of processes)
      if (this.ours.has(p.pid) && p.pid !== this.root) {
        // The root's own session and group are its terminal's: shared with what else that terminal runs.
        if (p.session !== rootProcess?.session) this.ourLeaders.add(p.session);
        if (p.group !== rootProcess?.group) this.ourLeaders.add(p.group);
      }
    for (const p of processes) {
      const mine = this.ours.has(p.pid) || this.ourLeaders.has(p.session) || this.ourLeaders.has(p.group);
      const kernel = p.pid === 2 || p.parent === 2;
      const before = this.seen.get(p.pid) ?? (this.first ? p.ticks : 0);
      if (!mine && !kernel) this.othersTicks += Math.max(0, p.ticks - before);
      this.seen.set(p.pid, p.ticks);
    }
    this.cpuTicks = cpuTicks;
    this.first = false;
  }

  mark(): Mark {
    return { cpuTicks: this.cpuTicks, othersTicks: this.othersTicks };
  }
}

/** The share of all CPUs the others took between two marks. */
export function othersShare(start: Mark | undefined, end: Mark | undefined): number | undefined {
  if (!start || !end || end.cpuTicks <= start.cpuTicks) return undefined;
  return (end.othersTicks - start.othersTicks) / (end.cpuTicks - start.cpuTicks);
}

/** Reads /proc every half second for the run; `mark()` for a comparison's share, `stop()` for the run's. */
export function startLoadWatch(root = process.pid): { mark(): Mark | undefined; stop(): MachineLoad } {
  const loadAverageAtStart = loadavg()[0]!;
  const account = new LoadAccount(root);
  const read = () => {
    const reading = readProc();
    if (reading) account.add(reading);
    return reading !== undefined;
  };
  const readable = read();
  const start = account.mark();
  const timer = setInterval(read, SAMPLE_MS);
  timer.unref();
  return {
    mark: () => (readable && read() ? account.mark() : undefined),
    stop: () => {
      clearInterval(timer);
      const share = readable && read() ? othersShare(start, account.mark()) : undefined;
      return { cpus: cpus().length, loadAverageAtStart, othersShare: share };
    },
  };
}

/** Whether a run was measured on a machine busy enough with other work to be no record. */
export const wasLoaded = (load: MachineLoad): boolean => (load.othersShare ?? 0) > LOADED_SHARE;

/** The report's sentence about the machine. */
export function describeLoad(load: MachineLoad): string {
  const start = `${load.cpus} CPUs, 1-minute load average ${load.loadAverageAtStart.toFixed(2)} at the start`;
  if (load.othersShare === undefined) return `${start}; what other processes took is unknown here (no /proc).`;
  const share = `${(load.othersShare * 100).toFixed(1)} %`;
  return wasLoaded(load)
    ? `${start}; **LOADED: other processes took ${share} of the CPUs while it measured** (more than ${LOADED_SHARE * 100} %): not a record, measure again on an idle machine.`
    : `${start}; other processes took ${share} of the CPUs while it measured (at most ${LOADED_SHARE * 100} %: idle enough for a record).`;
}

/** /proc/stat's first line: cpu user nice system idle iowait irq softirq steal … (every CPU's time). */
function cpuTicks(stat: string): number {
  return stat
    .split('\n', 1)[0]!
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .reduce((sum, value) => sum + Number(value), 0);
}

/** Every process's parent, group, session and CPU time (/proc/<pid>/stat fields 4–6, 14–15). */
function processes(proc: string): ProcessTime[] {
  return readdirSync(proc)
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
        const stat = readFileSync(`${proc}/${pid}/stat`, 'utf8');
        const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return [
          {
            pid: Number(pid),
            parent: Number(after[1]),
            group: Number(after[2]),
            session: Number(after[3]),
            ticks: Number(after[11]) + Number(after[12]),
          },
        ];
      } catch {
        return []; // gone between the listing and the reading
      }
    });
}
