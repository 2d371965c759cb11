import type { LoadFigures, Waterfall } from './measure';

/** Of several loads, the waterfall of the one whose measured time is the median: a typical load, not the best. */
export function typicalWaterfall(loads: readonly LoadFigures[]): Waterfall | undefined {
  const sorted = [...loads].sort((a, b) => a.paintMs - b.paintMs);
  return sorted[Math.floor((sorted.length - 1) / 2)]?.waterfall;
}

const WIDTH = 60;

/**
 * A waterfall as text: each request (path, when it was sent and finished, a bar on a shared time
 * axis; `(cache)` when served from it) and the main thread's long tasks, up to the measured moment.
 */
export function drawWaterfall(title: string, waterfall: Waterfall): string {
  const end = Math.max(waterfall.at, ...waterfall.requests.map((request) => request.end));
  const scale = (ms: number) => Math.max(0, Math.min(WIDTH, Math.round((ms / end) * WIDTH)));
  const bar = (from: number, to: number, mark: string) =>
    `${' '.repeat(scale(from))}${mark.repeat(Math.max(1, scale(to) - scale(from)))}`.padEnd(WIDTH);
  const name = (url: string) => {
    const { pathname, search } = new URL(url);
    const short = `${pathname}${search ? '?…' : ''}`;
    return short.length > 44 ? `…${short.slice(-43)}` : short;
  };
  const rows = [
    `${title} — measured moment at ${waterfall.at.toFixed(0)} ms`,
    ...waterfall.requests.map(
      (request) =>
        `  ${name(request.url).padEnd(44)} ${request.start.toFixed(0).padStart(5)}–${request.end < 0 ? '  …  ' : request.end.toFixed(0).padEnd(5)} |${bar(request.start, request.end < 0 ? end : request.end, '█')}|${request.fromCache ? ' (cache)' : ''}`,
    ),
    ...waterfall.longTasks.map(
      (task) =>
        `  ${'long task'.padEnd(44)} ${task.start.toFixed(0).padStart(5)}–${(task.start + task.duration).toFixed(0).padEnd(5)} |${bar(task.start, task.start + task.duration, '▒')}|`,
    ),
    `  ${'measured moment'.padEnd(44)} ${waterfall.at.toFixed(0).padStart(5)}       |${bar(waterfall.at, waterfall.at, '▲')}|`,
  ];
  return rows.join('\n');
}
