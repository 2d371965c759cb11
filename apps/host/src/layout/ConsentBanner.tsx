import { useSyncExternalStore } from 'react';
import type { ConsentCategory } from '@mfe/context';
import { useHostServices } from '../host-services/hooks';
import type { HostConfig } from '../config';
import { shellMessages } from '../i18n/shell-messages';
import { useShellIntl } from '../host-services/use-shell-intl';

/** The consent categories this deployment needs: its telemetry adapters and tag loader. */
export function neededConsent(config: HostConfig): ConsentCategory[] {
  const needed = new Set<ConsentCategory>();
  if (config.telemetry.adapters.some((adapter) => adapter.type !== 'console')) needed.add('analytics');
  if (config.tagLoader) needed.add('marketing');
  return [...needed];
}

/**
 * Asks once, in the page's flow (never over content), whether analytics and
 * marketing may run. Declining is as easy as accepting. Off when the
 * deployment has its own consent platform (`consent.banner: false`), or needs
 * no consent at all.
 */
export function ConsentBanner() {
  const { config, consent } = useHostServices();
  const state = useSyncExternalStore(consent.subscribe, consent.get);
  const intl = useShellIntl();
  const needed = neededConsent(config);
  if (!config.consent.banner || needed.every((category) => state[category] !== null)) return null;
  const choose = (value: boolean) => consent.set(Object.fromEntries(needed.map((category) => [category, value])));
  return (
    <section className="consent-banner" aria-labelledby="consent-title" data-testid="consent-banner">
      <h2 id="consent-title">{intl.formatMessage(shellMessages.consentTitle)}</h2>
      <p>
        {intl.formatMessage(shellMessages.consentBody, {
          productName: config.productName,
          needs: needed.length === 2 ? 'both' : needed[0],
        })}
      </p>
      <div className="consent-actions">
        <button type="button" onClick={() => choose(true)} data-testid="consent-accept">
          {intl.formatMessage(shellMessages.consentAccept)}
        </button>
        <button type="button" onClick={() => choose(false)} data-testid="consent-decline">
          {intl.formatMessage(shellMessages.consentDecline)}
        </button>
      </div>
    </section>
  );
}
