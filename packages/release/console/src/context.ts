import type { LazySession } from '@mfe/auth';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ApiClient } from './api';
import type { Texts } from './i18n';

/** What every page of the console uses: its API, its texts, the session, and the live feed's count. */
export interface ConsoleServices {
  readonly api: ApiClient;
  readonly texts: Texts;
  readonly session: LazySession | null;
  /** Goes up at each change the live feed reports: pages ask again for what they show. */
  readonly version: number;
  /** Who is signed in (their subject), or null. */
  readonly signedIn: string | null;
  /**
   * Says what an action did in the page's own status line, which outlives the part that did it (a
   * panel the change itself removes, such as Promote once nothing is left to promote).
   */
  readonly announce: (text: ReactNode) => void;
}

/** The page's title: what its heading says, then the console's name (each page names itself). */
export function usePageTitle(title: string | undefined): void {
  const { texts } = useConsole();
  useEffect(() => {
    document.title = title ? `${title} – ${texts.t('title')}` : texts.t('title');
  }, [title, texts]);
}

export const ConsoleContext = createContext<ConsoleServices | null>(null);

export function useConsole(): ConsoleServices {
  const services = useContext(ConsoleContext);
  if (!services) throw new Error('The console’s pages render inside <App>.');
  return services;
}

/** One API resource: the last answer kept while a newer one is asked for (live updates never blank the page). */
export interface Resource<T> {
  readonly data: T | undefined;
  readonly error: Error | undefined;
  readonly loading: boolean;
  /** When the shown answer arrived. */
  readonly at: number | undefined;
  reload(): void;
}

export function useResource<T>(path: string | null): Resource<T> {
  const { api, version, signedIn } = useConsole();
  const [state, setState] = useState<{ data?: T; error?: Error; loading: boolean; at?: number }>({ loading: true });
  const [asked, setAsked] = useState(0);
  const latest = useRef(0);
  useEffect(() => {
    if (!path) return;
    const call = ++latest.current;
    setState((previous) => ({ ...previous, loading: true }));
    api.get<T>(path).then(
      (data) => call === latest.current && setState({ data, loading: false, at: Date.now() }),
      (error: Error) => call === latest.current && setState((previous) => ({ ...previous, error, loading: false })),
    );
  }, [api, path, version, signedIn, asked]);
  const reload = useCallback(() => setAsked((value) => value + 1), []);
  return {
    data: state.data,
    error: state.data ? undefined : state.error,
    loading: state.loading,
    at: state.at,
    reload,
  };
}
