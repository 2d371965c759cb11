import { parseContributions, type Contribution } from '@mfe/manifest';
import type { DevRemote } from './topology';

/** The development list's contributions, held to the manifest's rules (said with the remote's name). */
export function developmentContributions(remote: Pick<DevRemote, 'name' | 'contributions'>): Contribution[] {
  const read = parseContributions(remote.contributions ?? []);
  if (!read.ok) throw new Error(`${remote.name}'s "contributions" in the development list: ${read.problem}.`);
  return read.contributions;
}
