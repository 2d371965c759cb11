import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useConsole, usePageTitle, useResource } from '../context';
import { Problem } from '../parts/Problem';
import type { RevisionSummary } from '../views';

/** An environment's revisions, newest first, fifty at a time, searchable (who, why, what, a version). */
export function HistoryPage() {
  const { env = '' } = useParams();
  const { texts } = useConsole();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const before = params.get('before');
  const [typed, setTyped] = useState(query);
  const history = useResource<{ revisions: RevisionSummary[]; head: number; next: number | null }>(
    `/api/envs/${encodeURIComponent(env)}/history?limit=50${query ? `&q=${encodeURIComponent(query)}` : ''}${before ? `&before=${before}` : ''}`,
  );
  usePageTitle(`${env}: ${texts.t('history')}`);
  return (
    <>
      <h1 tabIndex={-1}>
        {env}: {texts.t('history')}
      </h1>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setParams(typed ? { q: typed } : {});
        }}
      >
        <label htmlFor="history-search">{texts.t('searchHistory')}</label>
        <input id="history-search" type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
        <button type="submit">{texts.t('search')}</button>
      </form>
      <Problem resource={history} />
      {history.data && history.data.revisions.length === 0 && <p>{texts.t('noRevisions')}</p>}
      {history.data && history.data.revisions.length > 0 && (
        <div className="scroll" tabIndex={0} role="region" aria-label={texts.t('history')}>
          <table>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{texts.t('when')}</th>
                <th scope="col">{texts.t('who')}</th>
                <th scope="col">{texts.t('what')}</th>
                <th scope="col">{texts.t('why')}</th>
              </tr>
            </thead>
            <tbody>
              {history.data.revisions.map((revision) => (
                <tr key={revision.revision}>
                  <th scope="row">
                    <Link to={`/envs/${env}/revisions/${revision.revision}`}>{revision.revision}</Link>
                  </th>
                  <td>{texts.time(Date.parse(revision.at))}</td>
                  <td>{revision.actor}</td>
                  <td>
                    {revision.description}
                    {revision.changes.length > 0 && (
                      <ul className="diff">
                        {revision.changes.map((line) => (
                          <li key={line}>
                            <code>{line}</code>
                          </li>
                        ))}
                      </ul>
                    )}
                    {revision.stopped.map((line) => (
                      <p key={line}>{line}</p>
                    ))}
                  </td>
                  <td>{revision.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {history.data?.next && (
        <p>
          <Link to={`?${new URLSearchParams({ ...(query ? { q: query } : {}), before: String(history.data.next) })}`}>
            {texts.t('older')}
          </Link>
        </p>
      )}
    </>
  );
}
