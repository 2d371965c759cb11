/**
 * A remote's errors per load over the last hour, drawn small beside its figure (the figure itself
 * is the text a screen reader reads; the drawing is decoration). A step with no loads is a gap.
 */
export function Sparkline({ points }: { points: ReadonlyArray<readonly [number, number | null]> }) {
  const values = points.map(([, value]) => value);
  const top = Math.max(0.01, ...values.filter((value): value is number => value !== null));
  const width = 80;
  const height = 20;
  const step = points.length > 1 ? width / (points.length - 1) : width;
  const segments: string[][] = [[]];
  values.forEach((value, index) => {
    if (value === null) segments.push([]);
    else segments.at(-1)!.push(`${(index * step).toFixed(1)},${(height - (value / top) * height).toFixed(1)}`);
  });
  return (
    <svg
      className="sparkline"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      focusable="false"
    >
      {segments
        .filter((segment) => segment.length > 0)
        .map((segment, index) => (
          <polyline key={index} points={segment.join(' ')} fill="none" stroke="currentColor" strokeWidth="1.5" />
        ))}
    </svg>
  );
}
