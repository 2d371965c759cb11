import { installMessageParser } from '@mfe/context';
import { createLogger } from '../logger';

const log = createLogger('i18n');
let loading: Promise<void> | undefined;

/**
 * The ICU parser, as its own chunk: the host's and the preset's areas' messages are compiled at build
 * time, so only an area that ships them as text (built without the preset's loader) needs it.
 * Loaded once; a failure leaves such texts as `withoutParser` shows them, and is logged.
 */
export function loadMessageParser(): Promise<void> {
  loading ??= import(/* webpackChunkName: "message-parser" */ '@mfe-alias/message-parser').then(
    ({ parse }) => installMessageParser(parse),
    (error: unknown) => {
      log.warn('The message parser could not be loaded; texts an area ships uncompiled show in part.', {
        message: (error as Error)?.message,
      });
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
