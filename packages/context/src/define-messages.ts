import type { CompiledMessage } from './message-parser';

// Alone in its module, so an area that only declares its messages (one without React, through
// `@mfe/context/mount`) bundles no formatter with them.

/**
 * A message a feature area shows: a stable id, and its text in the product's default language (the
 * source of every translation). `defaultMessage` is ICU MessageFormat: `{count, plural, one {# invite}
 * other {# invites}}`, `{when, date, long}`, `{gender, select, …}`. Written as text; a build with
 * the preset compiles it (`CompiledMessage`), so the page needs no parser.
 */
export interface MessageDescriptor {
  readonly id: string;
  readonly defaultMessage: string | CompiledMessage;
  /** For translators: where it shows and what it means. Not sent to the browser's formatter. */
  readonly description?: string;
}

/** Declares an area's messages (a typed identity: the ids and default texts stay in the code). */
export function defineMessages<const T extends Readonly<Record<string, MessageDescriptor>>>(messages: T): T {
  return messages;
}
