import { useParams } from 'react-router';
import { useConsole, usePageTitle, useResource } from '../context';
import { asWritten } from '../i18n';
import { Problem } from '../parts/Problem';
import type { AlteredFile, BuildRecord } from '../views';

/** A published build: who published it and when, its files and their hashes, and verify's answer. */
export function BuildPage() {
  const { name = '', version = '' } = useParams();
  const { texts } = useConsole();
  const build = useResource<{ record: BuildRecord; verify: { ok: true } | { ok: false; altered: AlteredFile[] } }>(
    `/api/builds/${encodeURIComponent(name)}/${encodeURIComponent(version)}`,
  );
  const view = build.data;
  usePageTitle(texts.t('build', { name, version }));
  return (
    <>
      <h1 tabIndex={-1}>{texts.rich('build', { name: asWritten(name), version: asWritten(version) })}</h1>
      <Problem resource={build} />
      {view && (
        <>
          <p className="meta">
            {texts.t('publishedBy', {
              actor: view.record.actor,
              when: texts.time(Date.parse(view.record.publishedAt)),
            })}
          </p>
          <p className={view.verify.ok ? 'done' : 'problem'}>
            {view.verify.ok ? texts.t('verified') : texts.t('altered', { count: view.verify.altered.length })}
          </p>
          {!view.verify.ok && (
            <ul>
              {view.verify.altered.map((file) => (
                <li key={file.key}>
                  <code>{file.key}</code>: {file.problem}
                </li>
              ))}
            </ul>
          )}
          <div className="scroll" tabIndex={0} role="region" aria-label={texts.t('file')}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{texts.t('file')}</th>
                  <th scope="col">{texts.t('hash')}</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(view.record.files).map(([file, hash]) => (
                  <tr key={file}>
                    <th scope="row">
                      <code>{file}</code>
                    </th>
                    <td>
                      <code className="hash">{hash}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}
