import { Link } from 'react-router';
import { useConsole, usePageTitle, useResource } from '../context';
import { asWritten } from '../i18n';
import { ActionPanel } from '../parts/ActionPanel';
import { Problem } from '../parts/Problem';
import { Sparkline } from '../parts/Sparkline';
import type { EnvironmentView, Overview, RemoteView } from '../views';

/** Every environment: its revision, each remote's stable build, canary and rollout, what promoting would change, its errors. */
export function OverviewPage() {
  const { texts } = useConsole();
  const overview = useResource<Overview>('/api/overview');
  const settings = useResource<{ requireReason: string[] }>('/api/settings');
  usePageTitle(texts.t('overview'));
  return (
    <>
      <h1 tabIndex={-1}>{texts.t('overview')}</h1>
      {overview.data && (
        <p className="meta">
          {texts.t('store', { where: overview.data.store })} ·{' '}
          {texts.t('updated', { time: texts.time(overview.data.at) })}
        </p>
      )}
      <Problem resource={overview} />
      {overview.data && !overview.data.figures.ok && (
        <p className="notice">{texts.t('figuresDown', { message: overview.data.figures.message ?? '' })}</p>
      )}
      {!overview.data && !overview.error && <p aria-busy="true">{texts.t('loading')}</p>}
      {overview.data?.environments.map((env) => (
        <Environment key={env.env} env={env} requiresReason={settings.data?.requireReason.includes(env.env) ?? false} />
      ))}
    </>
  );
}

function Environment({ env, requiresReason }: { env: EnvironmentView; requiresReason: boolean }) {
  const { texts } = useConsole();
  const headingId = `env-${env.env}`;
  return (
    <section className="environment" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {env.env}{' '}
        <span className="revision">
          {env.revision === null ? (
            texts.t('noManifest')
          ) : (
            <Link to={`/envs/${env.env}/revisions/${env.revision}`}>
              {texts.t('revision', { revision: env.revision })}
            </Link>
          )}
        </span>
      </h2>
      {env.changed && (
        <p className="meta">
          {texts.t('changedBy', {
            description: env.changed.description,
            actor: env.changed.actor,
            when: texts.ago(Date.parse(env.changed.at)),
          })}{' '}
          · <Link to={`/envs/${env.env}/history`}>{texts.t('history')}</Link>
        </p>
      )}
      {env.remotes.length > 0 && (
        <div className="scroll" tabIndex={0} role="region" aria-label={`${env.env}: ${texts.t('remote')}`}>
          <table>
            <thead>
              <tr>
                <th scope="col">{texts.t('remote')}</th>
                <th scope="col">{texts.t('version')}</th>
                <th scope="col">{texts.t('path')}</th>
                <th scope="col">{texts.t('canary')}</th>
                <th scope="col">{texts.t('errorsPerLoad')}</th>
              </tr>
            </thead>
            <tbody>
              {env.remotes.map((remote) => (
                <RemoteRow key={remote.name} env={env.env} remote={remote} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {env.promotedFrom && (
        <div className="promoted">
          <h3>{texts.t('promotedFrom', { env: env.promotedFrom.env })}</h3>
          {env.promotedFrom.changes.length === 0 ? (
            <p>{texts.t('sameAs', { env: env.promotedFrom.env })}</p>
          ) : (
            <>
              <p>{texts.t('wouldChange', { env: env.promotedFrom.env })}</p>
              <ul className="diff">
                {env.promotedFrom.changes.map((line) => (
                  <li key={line}>
                    <code>{line}</code>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      {env.mayAct && env.revision !== null && (
        <div className="actions" role="group" aria-label={`${env.env}: ${texts.t('actions')}`}>
          <ActionPanel
            env={env.env}
            expect={env.revision}
            requiresReason={requiresReason}
            label={texts.t('rollback')}
            request={{ action: 'rollback' }}
          />
          {env.promotedFrom && env.promotedFrom.changes.length > 0 && (
            <ActionPanel
              env={env.env}
              expect={env.revision}
              requiresReason={requiresReason}
              label={texts.t('promote', { env: env.promotedFrom.env })}
              request={{ action: 'promote', from: env.promotedFrom.env }}
            />
          )}
        </div>
      )}
    </section>
  );
}

function RemoteRow({ env, remote }: { env: string; remote: RemoteView }) {
  const { texts } = useConsole();
  const rate = remote.errors && remote.errors.loads > 0 ? remote.errors.errors / remote.errors.loads : null;
  return (
    <tr>
      <th scope="row">{remote.name}</th>
      <td>
        <Link to={`/builds/${remote.name}/${encodeURIComponent(remote.version)}`}>{asWritten(remote.version)}</Link>
      </td>
      <td>{remote.path ? asWritten(remote.path) : texts.t('contributionsOnly')}</td>
      <td>
        {remote.canary &&
          texts.rich('canaryAt', { version: asWritten(remote.canary.version), percent: remote.canary.percent })}
        {remote.rollout && (
          <>
            {remote.canary && <br />}
            <Link to={`/envs/${env}/rollouts/${remote.name}`}>
              {texts.t('rollout')}:{' '}
              {texts.t('rolloutAt', {
                status: texts.t(remote.rollout.status),
                percent: remote.rollout.percent,
                since: texts.duration(Date.now() - remote.rollout.stepStartedAt),
              })}
            </Link>
          </>
        )}
      </td>
      <td>
        {rate === null ? (
          texts.t('noFigures')
        ) : (
          <span className="rate">
            {texts.number(rate)}{' '}
            <small>
              ({remote.errors!.errors}/{remote.errors!.loads})
            </small>
            <Sparkline points={remote.errors!.trend} />
          </span>
        )}
      </td>
    </tr>
  );
}
