import { PSEUDO_LOCALE, type CompiledMessage, type IntlApi } from '@mfe/context';
import { labelIn, type RemoteEntry } from '@mfe/manifest';

/**
 * An area's label in the page's language (the manifest's `labels`). In the pseudo-locale it is
 * accented and lengthened like every text, so a label the navigation cuts off shows there too.
 */
export function labelFor(
  remote: Pick<RemoteEntry, 'name' | 'label' | 'labels'>,
  intl: Pick<IntlApi, 'locale' | 'formatMessage'>,
): string {
  const label = labelIn(remote, intl.locale);
  if (intl.locale !== PSEUDO_LOCALE) return label;
  // A label is data, not ICU: given as one literal, so nothing in it is read as syntax.
  const literal: CompiledMessage = [{ type: 0, value: label }];
  return intl.formatMessage({ id: `area.label.${remote.name}`, defaultMessage: literal });
}
