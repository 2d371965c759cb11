import type { MessageDescriptor } from './intl';

// Alone in its module, so an area that only declares its messages (one without React, through
// `@mfe/context/mount`) bundles no formatter with them.

/** Declares an area's messages (a typed identity: the ids and default texts stay in the code). */
export function defineMessages<const T extends Readonly<Record<string, MessageDescriptor>>>(messages: T): T {
  return messages;
}
