import type { LazySession } from '@mfe/auth';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { BrowserRouter, NavLink, Route, Routes, useLocation } from 'react-router';
import type { ApiClient } from './api';
import { ConsoleContext, useConsole, useResource, type ConsoleServices } from './context';
import { AUTONYMS, chooseLocale, LOCALES, textsFor, type Locale } from './i18n';
import { AuditPage } from './pages/AuditPage';
import { BuildPage } from './pages/BuildPage';
import { HistoryPage } from './pages/HistoryPage';
import { OverviewPage } from './pages/OverviewPage';
import { RevisionPage } from './pages/RevisionPage';
import { RolloutPage } from './pages/RolloutPage';
import type { SessionInfo } from './views';

const LOCALE_KEY = 'mfe.release-console.locale';

/** The console: its frame (header, language, sign-in, live updates) and its pages. */
export function App({ api, session }: { api: ApiClient; session: LazySession | null }) {
  const [locale, setLocale] = useState<Locale>(() =>
    chooseLocale(localStorage.getItem(LOCALE_KEY), navigator.languages ?? [navigator.language]),
  );
  const texts = useMemo(() => textsFor(locale), [locale]);
  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = texts.dir;
    localStorage.setItem(LOCALE_KEY, locale);
  }, [locale, texts.dir]);
  const snapshot = useSyncExternalStore(session?.subscribe ?? noSubscription, session?.getSnapshot ?? (() => null));
  // The live feed: a counter the pages read to ask again for what they show.
  const [version, setVersion] = useState(0);
  const [live, setLive] = useState<'on' | 'lost'>('on');
  const signedIn = snapshot?.user ? snapshot.user.sub : null;
  // The page's one live region says each thing once: what a person's action did, a change made
  // elsewhere (not the echo of their own), the live feed lost or back.
  const [announced, setAnnounced] = useState<ReactNode>('');
  const ownActionAt = useRef(0);
  const announce = useCallback((text: ReactNode) => {
    ownActionAt.current = Date.now();
    setAnnounced(text);
  }, []);
  const textsRef = useRef(texts);
  textsRef.current = texts;
  useEffect(() => {
    const stop = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let connections = 0;
    let lost = false;
    const listen = (attempt: number) =>
      api
        .events(
          (changed) => {
            setVersion((value) => value + 1);
            const envs = [...new Set(changed.map((key) => /^envs\/([^/]+)\//.exec(key)?.[1]).filter(Boolean))];
            if (envs.length > 0 && Date.now() - ownActionAt.current > 5_000)
              setAnnounced(textsRef.current.t('changedElsewhere', { envs: envs.join(', '), count: envs.length }));
          },
          stop.signal,
          () => {
            if (lost) setAnnounced(textsRef.current.t('live'));
            lost = false;
            setLive('on');
            // Listening again after a drop: what changed meanwhile was told to nobody, so ask again.
            connections += 1;
            if (connections > 1) setVersion((value) => value + 1);
          },
        )
        .then(
          () => attempt,
          () => attempt + 1,
        )
        .then((failures) => {
          if (stop.signal.aborted) return;
          if (failures > 2 && !lost) {
            lost = true;
            setAnnounced(textsRef.current.t('liveLost'));
            setLive('lost');
          }
          timer = setTimeout(() => listen(failures), Math.min(30_000, 1_000 * 2 ** failures));
        });
    void listen(0);
    return () => {
      stop.abort();
      if (timer) clearTimeout(timer);
    };
  }, [api, signedIn]);
  const services: ConsoleServices = { api, texts, session, version, signedIn, announce };
  return (
    <ConsoleContext.Provider value={services}>
      <BrowserRouter>
        <Frame live={live} announced={announced} locale={locale} onLocale={setLocale} />
      </BrowserRouter>
    </ConsoleContext.Provider>
  );
}

const noSubscription = () => () => undefined;

function Frame({
  live,
  announced,
  locale,
  onLocale,
}: {
  live: 'on' | 'lost';
  announced: ReactNode;
  locale: Locale;
  onLocale: (locale: Locale) => void;
}) {
  const { texts, session } = useConsole();
  const info = useResource<SessionInfo>('/api/session');
  const location = useLocation();
  // A new page: its heading gets the focus (a screen reader hears where it is); each page names
  // itself in the title (usePageTitle).
  useEffect(() => {
    document.querySelector<HTMLElement>('main h1')?.focus();
  }, [location.pathname]);
  const person = info.data?.person;
  return (
    <>
      <a className="skip" href="#content">
        {texts.t('skip')}
      </a>
      <header className="bar">
        <p className="product">{texts.t('title')}</p>
        <nav aria-label={texts.t('nav')}>
          <ul>
            <li>
              <NavLink to="/" end>
                {texts.t('overview')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/audit">{texts.t('audit')}</NavLink>
            </li>
          </ul>
        </nav>
        <div className="tools">
          <label>
            <span>{texts.t('language')}</span>
            <select value={locale} onChange={(event) => onLocale(event.target.value as Locale)}>
              {LOCALES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {AUTONYMS[code]}
                </option>
              ))}
            </select>
          </label>
          {session &&
            (person ? (
              <>
                <span className="person">{texts.t('signedInAs', { name: person.name })}</span>
                <button type="button" onClick={() => void session.signOut()}>
                  {texts.t('signOut')}
                </button>
              </>
            ) : (
              <button type="button" onClick={() => void session.signIn(location.pathname + location.search)}>
                {texts.t('signIn')}
              </button>
            ))}
        </div>
      </header>
      <section className="notices" aria-label={texts.t('notices')}>
        {info.data?.readOnly && <p className="notice">{texts.t('readOnly')}</p>}
        {info.data && !info.data.readOnly && person && info.data.actsOn.length === 0 && (
          <p className="notice">{texts.t('mayNotAct')}</p>
        )}
        <p className="live">{live === 'on' ? texts.t('live') : texts.t('liveLost')}</p>
        <p className="announced" role="status" data-testid="announced">
          {announced}
        </p>
      </section>
      <main id="content">
        <Routes>
          <Route path="/" element={<OverviewPage />} />
          <Route path="/envs/:env/history" element={<HistoryPage />} />
          <Route path="/envs/:env/revisions/:revision" element={<RevisionPage />} />
          <Route path="/envs/:env/rollouts/:remote" element={<RolloutPage />} />
          <Route path="/audit" element={<AuditPage />} />
          <Route path="/builds/:name/:version" element={<BuildPage />} />
          <Route path="/auth/callback" element={<OverviewPage />} />
          <Route path="*" element={<OverviewPage />} />
        </Routes>
      </main>
    </>
  );
}
