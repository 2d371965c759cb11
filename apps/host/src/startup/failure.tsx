import type { IntlApi } from '@mfe/context';
import type { ReactNode } from 'react';
import { shellMessages } from '../i18n/shell-messages';
import { htmlLanguageTexts, withinAMoment } from '../i18n/html-texts';
import { inEnglish, raw, say, type Text } from '../i18n/text';
import { StartupErrorPage } from '../layout/StartupErrorPage';
import { createLogger } from '../logger';
import { report } from '../telemetry';

const log = createLogger('host');

export interface FailureOptions {
  readonly message?: Text;
  readonly action?: Text;
  readonly onAction?: () => void;
  /** What is reported (default: the error `start-up failed`, with the thrown value's code or STARTUP_FAILED). */
  readonly reported?: Parameters<typeof report>[0];
}

export type Fail = (title: Text, error: unknown, options?: FailureOptions) => void;

/**
 * The start-up's failure page: logged, reported through the telemetry hub (which describes and
 * scrubs the thrown value, thrown.ts), and said with a way on. In the page's language once it is
 * known (`sayIn`), before that in the HTML's; never later than a moment, since a failure that comes
 * with the network down must not wait on a catalogue.
 */
export function startupFailure(
  htmlLocale: string | undefined,
  render: (node: ReactNode) => void,
  pageShown: () => void,
): { fail: Fail; sayIn: (texts: () => Promise<IntlApi>) => void } {
  let texts = () => htmlLanguageTexts(htmlLocale);
  const fail: Fail = (title, error, options = {}) => {
    const reported = options.reported ?? {
      kind: 'error',
      name: 'start-up failed',
      attributes: { failure: inEnglish(title) },
      error: { thrown: error, code: (error as { code?: string })?.code ?? 'STARTUP_FAILED' },
    };
    (reported.kind === 'error' ? log.error : log.info)(inEnglish(title), { message: (error as Error)?.message });
    report(reported);
    void withinAMoment(texts()).then((intl) =>
      render(
        <StartupErrorPage
          intl={intl}
          title={title}
          message={options.message ?? raw((error as Error)?.message ?? String(error))}
          actionLabel={options.action ?? say(shellMessages.retry)}
          onAction={options.onAction ?? (() => window.location.reload())}
        />,
      ),
    );
    pageShown();
  };
  return { fail, sayIn: (pageTexts) => (texts = pageTexts) };
}
