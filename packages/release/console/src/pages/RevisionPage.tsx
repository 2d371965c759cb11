import { Link, useParams } from 'react-router';
import { useConsole, usePageTitle, useResource } from '../context';
import { Problem } from '../parts/Problem';
import type { ManifestDocument, RevisionSummary } from '../views';

/** One revision: who, why, when, what it changed from its parent, and its whole manifest. */
export function RevisionPage() {
  const { env = '', revision = '' } = useParams();
  const { texts } = useConsole();
  const found = useResource<RevisionSummary & { manifest: ManifestDocument }>(
    `/api/envs/${encodeURIComponent(env)}/revisions/${encodeURIComponent(revision)}`,
  );
  const view = found.data;
  usePageTitle(`${env}: ${texts.t('revision', { revision })}`);
  return (
    <>
      <h1 tabIndex={-1}>
        {env}: {texts.t('revision', { revision })}
      </h1>
      <Problem resource={found} />
      {view && (
        <>
          <p className="meta">
            {texts.t('changedBy', {
              description: view.description,
              actor: view.actor,
              when: texts.time(Date.parse(view.at)),
            })}
            {view.parent > 0 && (
              <>
                {' · '}
                <Link to={`/envs/${env}/revisions/${view.parent}`}>{texts.t('parent', { parent: view.parent })}</Link>
              </>
            )}
          </p>
          {view.reason && <p>{view.reason}</p>}
          {view.stopped.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <h2>{texts.t('diff')}</h2>
          {view.changes.length === 0 ? (
            <p>{texts.t('noDiff')}</p>
          ) : (
            <ul className="diff">
              {view.changes.map((line) => (
                <li key={line}>
                  <code>{line}</code>
                </li>
              ))}
            </ul>
          )}
          <details>
            <summary>{texts.t('manifest')}</summary>
            <pre tabIndex={0}>{JSON.stringify(view.manifest, null, 2)}</pre>
          </details>
        </>
      )}
    </>
  );
}
