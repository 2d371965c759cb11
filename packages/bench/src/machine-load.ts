import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

// How busy the machine was with work other than the bench's own (its servers, its Chromium, in its
// process tree): a run during which other processes took a share of the CPUs is no record, since
// the page and its reference rarely lose the same time. Read from Linux's /proc; elsewhere unknown.

/** Above this share of all CPUs taken by other processes, a run is not a record. */
export const LOADED_SHARE = 0.1;

/** CPU time in clock ticks, from one reading of /proc. */
export interface CpuReading {
  /** Every CPU's busy time (not idle, not waiting for I/O). */
  readonly busy: number;
  /** Every CPU's time. */
  readonly total: number;
  /** The bench's process tree: itself, its live descendants, and the children it and they have reaped. */
  readonly ours: number;
}

/** What a run's report says about the machine. */
export interface MachineLoad {
  readonly cpus: number;
  /** The 1-minute load average when the run began. */
  readonly loadAverageAtStart: number;
  /** The share of all CPUs other processes took while the run measured; undefined off Linux. */
  readonly othersShare: number | undefined;
}

/** One reading of the machine's and the bench's CPU time; undefined where /proc cannot be read. */
export function readCpu(root = process.pid, proc = '/proc'): CpuReading | undefined {
  try {
    return { ...machineTime(readFileSync(`${proc}/stat`, 'utf8')), ours: treeTime(root, proc) };
  } catch {
    return undefined;
  }
}

/** The share of all CPUs taken between two readings by processes outside the bench's tree. */
export function othersShare(start: CpuReading | undefined, end: CpuReading | undefined): number | undefined {
  if (!start || !end || end.total <= start.total) return undefined;
  const others = end.busy - start.busy - (end.ours - start.ours);
  return Math.max(0, others) / (end.total - start.total);
}

export function startLoadWatch(): { stop(): MachineLoad } {
  const loadAverageAtStart = loadavg()[0]!;
  const start = readCpu();
  return {
    stop: () => ({ cpus: cpus().length, loadAverageAtStart, othersShare: othersShare(start, readCpu()) }),
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

/** /proc/stat's first line: cpu user nice system idle iowait irq softirq steal … */
function machineTime(stat: string): Pick<CpuReading, 'busy' | 'total'> {
  const fields = stat.split('\n', 1)[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = fields[3]! + fields[4]!;
  return { busy: total - idle, total };
}

/** utime + stime + cutime + cstime of `root` and every live descendant (/proc/<pid>/stat fields 14–17). */
function treeTime(root: number, proc: string): number {
  const processes = readdirSync(proc)
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
        const stat = readFileSync(`${proc}/${pid}/stat`, 'utf8');
        const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const time = [11, 12, 13, 14].reduce((sum, at) => sum + Number(after[at]), 0);
        return [{ pid: Number(pid), parent: Number(after[1]), time }];
      } catch {
        return []; // gone between the listing and the reading
      }
    });
  const children = new Map<number, number[]>();
  for (const { pid, parent } of processes) children.set(parent, [...(children.get(parent) ?? []), pid]);
  const timeOf = new Map(processes.map(({ pid, time }) => [pid, time]));
  let total = 0;
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    total += timeOf.get(pid) ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}
