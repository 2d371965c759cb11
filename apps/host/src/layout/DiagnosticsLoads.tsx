import { useEffect, useState } from 'react';
import { useHostServices } from '../host-services/hooks';
import { entriesOf } from '../manifest';
import type { LoadTrace } from '../remotes/load-trace';
import { DiagnosticsTable } from './DiagnosticsTable';

/** How often the waterfalls are read again: a first interaction ends a trace after the page showed it. */
const REFRESH_MS = 1_000;

/**
 * Each area's latest load in this page as a waterfall (load-trace.ts): one bar per phase, where it
 * began and how long it took, and their sum; the same figures as a table for a screen reader. The
 * bars are SVG attributes, so the page's CSP (no inline style) holds.
 */
export function DiagnosticsLoads() {
  const { manifest, loader } = useHostServices();
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const traced = entriesOf(manifest).flatMap((remote) => {
    const trace = loader.traceOf(remote.name);
    return trace && trace.phases().length > 0 ? [{ name: remote.name, trace }] : [];
  });
  if (traced.length === 0) return <p>No area has loaded in this page yet.</p>;
  return (
    <>
      {traced.map(({ name, trace }) => (
        <LoadWaterfall key={name} name={name} identity={loader.describe(name)} trace={trace} />
      ))}
    </>
  );
}

function LoadWaterfall({
  name,
  identity,
  trace,
}: {
  readonly name: string;
  readonly identity: { readonly version?: string; readonly variant?: string };
  readonly trace: LoadTrace;
}) {
  const phases = trace.phases();
  const total = Math.max(...phases.map((phase) => phase.start + phase.duration), 1);
  const sum = phases.reduce((all, phase) => all + phase.duration, 0);
  const who = `${name}${identity.version ? `@${identity.version}` : ''}${identity.variant ? ` (${identity.variant})` : ''}`;
  return (
    <section className="load-trace" data-testid="load-trace" data-remote={name} aria-label={`Load of ${who}`}>
      <h3>
        {who}: <span data-testid="load-trace-total">{format(total)}</span> from the load's start
      </h3>
      <svg className="load-waterfall" width="100%" height={phases.length * 14} aria-hidden="true">
        {phases.map((phase, row) => (
          <rect
            key={phase.name}
            className={`load-phase load-phase-${phase.name.replace(' ', '-')}`}
            x={`${(phase.start / total) * 100}%`}
            y={row * 14 + 2}
            width={`${Math.max((phase.duration / total) * 100, 0.5)}%`}
            height={10}
          />
        ))}
      </svg>
      <DiagnosticsTable label={`Phases of ${who}'s load`} columns={['phase', 'begins at', 'takes']}>
        {phases.map((phase) => (
          <tr key={phase.name} data-phase={phase.name}>
            <td>{phase.name}</td>
            <td>{format(phase.start)}</td>
            <td data-testid="phase-duration">{format(phase.duration)}</td>
          </tr>
        ))}
        <tr>
          <td>all phases</td>
          <td />
          <td data-testid="phases-sum">{format(sum)}</td>
        </tr>
      </DiagnosticsTable>
    </section>
  );
}

const format = (ms: number) => `${Math.round(ms)} ms`;
