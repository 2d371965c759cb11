import { useMemo } from 'react';
import { labelIn, type RemoteEntry } from '@mfe/manifest';
import { useShellIntl } from './use-shell-intl';

/** The areas with their navigation labels in the page's language (the manifest's `labels`). */
export function useLocalizedRemotes<T extends Pick<RemoteEntry, 'label' | 'labels'>>(remotes: readonly T[]): readonly T[] {
  const { locale } = useShellIntl();
  return useMemo(() => remotes.map((remote) => ({ ...remote, label: labelIn(remote, locale) })), [remotes, locale]);
}

/** One area's label in the page's language. */
export function useAreaLabel(remote: Pick<RemoteEntry, 'label' | 'labels'>): string {
  return labelIn(remote, useShellIntl().locale);
}
