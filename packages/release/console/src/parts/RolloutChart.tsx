import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { useConsole } from '../context';
import type { LookPoint } from '../views';
import './uplot.global.css';

/**
 * Each look's errors per load, candidate and stable, each with its interval (dashed), and the
 * ceiling, drawn with uPlot (the same figures are the page's table, for screen readers and for
 * reading exact values). Redrawn when the looks change; sized to its container. uPlot is loaded
 * with the first chart, not with the console: a page without one does not wait for it, and where it
 * cannot start (it reads the browser's language at its start, and WebKitGTK under the POSIX locale
 * says "C", which Intl refuses) the table alone is shown.
 */
export function RolloutChart({ looks, ceiling }: { looks: readonly LookPoint[]; ceiling: number }) {
  const { texts } = useConsole();
  const holder = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let gone = false;
    let undo: (() => void) | undefined;
    import('uplot').then(
      ({ default: UPlot }) => {
        if (!gone) undo = draw(UPlot, element, looks, ceiling, texts);
      },
      () => setFailed(true),
    );
    return () => {
      gone = true;
      undo?.();
    };
  }, [looks, ceiling, texts]);
  // The drawing is for the eye; its figures are the table below it.
  return failed ? null : <div className="chart" ref={holder} aria-hidden="true" />;
}

/** The chart in its element; what undoes it. */
function draw(
  UPlot: typeof uPlot,
  element: HTMLDivElement,
  looks: readonly LookPoint[],
  ceiling: number,
  texts: ReturnType<typeof useConsole>['texts'],
): () => void {
  const data: uPlot.AlignedData = [
    looks.map((look) => look.at / 1000),
    looks.map((look) => look.candidate.rate),
    looks.map((look) => look.candidate.low),
    looks.map((look) => look.candidate.high),
    looks.map((look) => look.stable.rate),
    looks.map((look) => look.stable.low),
    looks.map((look) => look.stable.high),
    looks.map(() => ceiling),
  ];
  const line = (label: string, stroke: string, dash?: number[]) => ({
    label,
    stroke,
    width: dash ? 1 : 2,
    ...(dash ? { dash } : {}),
    value: (_: uPlot, value: number | null) => (value === null ? '–' : texts.number(value)),
  });
  const candidate = texts.t('candidate');
  const stable = texts.t('stable');
  const chart = new UPlot(
    {
      width: Math.max(280, element.clientWidth),
      height: 260,
      scales: { x: { time: true } },
      series: [
        {},
        line(candidate, '#b3261e'),
        line(`${candidate} ↓`, '#b3261e', [4, 4]),
        line(`${candidate} ↑`, '#b3261e', [4, 4]),
        line(stable, '#0b57d0'),
        line(`${stable} ↓`, '#0b57d0', [4, 4]),
        line(`${stable} ↑`, '#0b57d0', [4, 4]),
        line('ceiling', '#5f6368', [2, 6]),
      ],
      axes: [{}, { values: (_: uPlot, ticks: number[]) => ticks.map((tick) => texts.number(tick)) }],
    },
    data,
    element,
  );
  const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(280, element.clientWidth), height: 260 }));
  resize.observe(element);
  return () => {
    resize.disconnect();
    chart.destroy();
  };
}
