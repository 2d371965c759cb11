import { useSyncExternalStore } from 'react';
import type { IntlApi } from '@mfe/context';
import { useHostServices } from './hooks';

/** The shell's messages and formatting in the page's language, re-rendering when it changes. */
export function useShellIntl(): IntlApi {
  const { locale } = useHostServices();
  return useSyncExternalStore(locale.shell.subscribe, locale.shell.get, locale.shell.getInitial);
}
