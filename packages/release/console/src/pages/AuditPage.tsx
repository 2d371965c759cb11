import { useState } from 'react';
import { useConsole, usePageTitle, useResource } from '../context';
import { Problem } from '../parts/Problem';
import type { AuditRecord } from '../views';

/** The store's own log (settings, previews, held looks, gc, the console's changes), newest first. */
export function AuditPage() {
  const { texts } = useConsole();
  const [limit, setLimit] = useState(50);
  const audit = useResource<{ records: AuditRecord[]; total: number }>(`/api/audit?limit=${limit}`);
  usePageTitle(texts.t('auditTitle'));
  return (
    <>
      <h1 tabIndex={-1}>{texts.t('auditTitle')}</h1>
      <Problem resource={audit} />
      {audit.data && (
        <div className="scroll" tabIndex={0} role="region" aria-label={texts.t('auditTitle')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{texts.t('when')}</th>
                <th scope="col">{texts.t('who')}</th>
                <th scope="col">{texts.t('kind')}</th>
                <th scope="col">{texts.t('summary')}</th>
                <th scope="col">{texts.t('why')}</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.records.map((record, index) => (
                <tr key={`${record.at}-${index}`}>
                  <th scope="row">{texts.time(Date.parse(record.at))}</th>
                  <td>{record.actor}</td>
                  <td>{record.kind}</td>
                  <td>{record.summary}</td>
                  <td>{record.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {audit.data && audit.data.total > limit && (
        <button type="button" onClick={() => setLimit((value) => value + 50)}>
          {texts.t('more')}
        </button>
      )}
    </>
  );
}
