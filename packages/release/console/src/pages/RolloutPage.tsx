import { useParams } from 'react-router';
import { useConsole, usePageTitle, useResource } from '../context';
import { asWritten } from '../i18n';
import { ActionPanel } from '../parts/ActionPanel';
import { Problem } from '../parts/Problem';
import { RolloutChart } from '../parts/RolloutChart';
import type { Overview, RolloutView } from '../views';

/**
 * A rollout drawn: its shares on a time line, each look's errors per load for candidate and stable
 * with their intervals (a chart, and the same figures as a table), the margin and ceiling, each
 * verdict and why, and what it still needs. It follows the rollout live (the console's feed).
 */
export function RolloutPage() {
  const { env = '', remote = '' } = useParams();
  const { texts } = useConsole();
  const rollout = useResource<RolloutView>(
    `/api/envs/${encodeURIComponent(env)}/rollouts/${encodeURIComponent(remote)}`,
  );
  const overview = useResource<Overview>('/api/overview');
  const settings = useResource<{ requireReason: string[] }>('/api/settings');
  const view = rollout.data;
  const environment = overview.data?.environments.find((one) => one.env === env);
  usePageTitle(view ? texts.t('rolloutOf', { remote, version: view.version, env }) : remote);
  return (
    <>
      <h1 tabIndex={-1}>
        {view ? texts.rich('rolloutOf', { remote: asWritten(remote), version: asWritten(view.version), env }) : remote}
      </h1>
      <Problem resource={rollout} />
      {view && (
        <>
          <p className="meta" data-status={view.status}>
            {texts.t('status', { status: texts.t(view.status) })}
            {view.ending && <> · {texts.t('ending', view.ending)}</>}
          </p>
          {view.held && (
            <p className="notice">{texts.t('held', { since: texts.time(view.held.since), why: view.held.why })}</p>
          )}
          {view.needs &&
            (view.needs.loads < 0 ? (
              <p>{texts.t('neverWithin')}</p>
            ) : (
              <p>
                {texts.t('needs', {
                  loads: view.needs.loads,
                  eta: view.needs.etaMs === null ? '' : texts.t('needsEta', { time: texts.duration(view.needs.etaMs) }),
                })}
              </p>
            ))}
          {environment?.mayAct &&
            environment.revision !== null &&
            (view.status === 'running' || view.status === 'paused') && (
              <div className="actions" role="group" aria-label={texts.t('actions')}>
                {(view.status === 'running' ? (['pause', 'abort'] as const) : (['resume', 'abort'] as const)).map(
                  (action) => (
                    <ActionPanel
                      key={action}
                      env={env}
                      expect={environment.revision!}
                      requiresReason={settings.data?.requireReason.includes(env) ?? false}
                      label={texts.t(action)}
                      request={{ action, remote }}
                    />
                  ),
                )}
              </div>
            )}
          <h2>{texts.t('steps')}</h2>
          <ol className="shares">
            {view.shares.map((share) => (
              <li key={share.percent} aria-current={share.percent === view.percent ? 'step' : undefined}>
                {texts.t('shareSince', { percent: share.percent, time: texts.time(share.at) })}
              </li>
            ))}
          </ol>
          <h2>{texts.t('chart')}</h2>
          <p>
            {texts.t('chartSummary', {
              margin: texts.number(view.looks.at(-1)?.margin ?? view.rule.margin, 4),
              ceiling: texts.number(view.rule.ceiling, 4),
            })}
          </p>
          {view.looks.length === 0 ? (
            <p>{texts.t('noLooks')}</p>
          ) : (
            <RolloutChart looks={view.looks} ceiling={view.rule.ceiling} />
          )}
          <details>
            <summary>{texts.t('lookTable')}</summary>
            <div className="scroll" tabIndex={0} role="region" aria-label={texts.t('lookTable')}>
              <table className="looks">
                <thead>
                  <tr>
                    <th scope="col">{texts.t('look')}</th>
                    <th scope="col">{texts.t('share')}</th>
                    <th scope="col">{texts.t('candidate')}</th>
                    <th scope="col">{texts.t('stable')}</th>
                    <th scope="col">{texts.t('difference')}</th>
                    <th scope="col">{texts.t('verdict')}</th>
                  </tr>
                </thead>
                <tbody>
                  {view.looks.map((look) => (
                    <tr key={look.at} data-at={look.at}>
                      <th scope="row">{texts.time(look.at)}</th>
                      <td>{look.percent} %</td>
                      <td data-loads={look.candidate.loads} data-errors={look.candidate.errors}>
                        {texts.number(look.candidate.rate)} ({look.candidate.errors}/{look.candidate.loads})
                      </td>
                      <td data-loads={look.stable.loads} data-errors={look.stable.errors}>
                        {texts.number(look.stable.rate)} ({look.stable.errors}/{look.stable.loads})
                      </td>
                      <td>
                        {texts.number(look.difference.value)} [{texts.number(look.difference.low)},{' '}
                        {look.difference.high === null ? '∞' : texts.number(look.difference.high)}] ({texts.t('margin')}{' '}
                        {texts.number(look.margin, 4)})
                      </td>
                      <td>{texts.t(look.verdict)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
          <h2>{texts.t('log')}</h2>
          <ol className="log">
            {view.log.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}
