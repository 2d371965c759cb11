import { useMemo } from 'react';
import type { RemoteEntry } from '@mfe/manifest';
import { labelFor } from '../i18n/area-labels';
import { useShellIntl } from './use-shell-intl';

/** The areas with their navigation labels in the page's language. */
export function useLocalizedRemotes<T extends Pick<RemoteEntry, 'name' | 'label' | 'labels'>>(
  remotes: readonly T[],
): readonly T[] {
  const intl = useShellIntl();
  return useMemo(() => remotes.map((remote) => ({ ...remote, label: labelFor(remote, intl) })), [remotes, intl]);
}

/** One area's label in the page's language. */
export function useAreaLabel(remote: Pick<RemoteEntry, 'name' | 'label' | 'labels'>): string {
  return labelFor(remote, useShellIntl());
}
