import { ReleaseError } from './errors';

// Durations as people write them on a command line (30s, 10m, 1h, 3d) and as the command says them.

export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(text.trim());
  if (!match) throw new ReleaseError('RELEASE_USAGE', `"${text}" is not a duration: write 30s, 10m, 1h or 3d.`);
  return Math.round(
    Number(match[1]) *
      { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 'ms' | 's' | 'm' | 'h' | 'd'],
  );
}

/** A duration in the largest unit it fills, rounded to one decimal at most: "20 s", "10 min", "1.5 h", "7 days". */
export function formatDuration(ms: number): string {
  const units = [
    [86_400_000, (n: string) => `${n} ${n === '1' ? 'day' : 'days'}`],
    [3_600_000, (n: string) => `${n} h`],
    [60_000, (n: string) => `${n} min`],
    [1_000, (n: string) => `${n} s`],
  ] as const;
  for (const [size, say] of units) if (Math.abs(ms) >= size) return say(String(Math.round((ms / size) * 10) / 10));
  return `${Math.round(ms)} ms`;
}
