import { shellMessages } from '../i18n/shell-messages';
import { useShellIntl } from '../host-services/use-shell-intl';

/**
 * The sign-in return page (`/auth/callback`) as it first paints, rendered ahead of time: the shell
 * and a heading while the host completes the sign-in. The browser never shows this route itself: it
 * finishes the sign-in and renders the page the person asked for (or says what went wrong).
 */
export function SigningIn() {
  const intl = useShellIntl();
  return (
    <div data-testid="signing-in">
      <h1>{intl.formatMessage(shellMessages.signingIn)}</h1>
      <p role="status" aria-busy="true">
        {intl.formatMessage(shellMessages.signingInText)}
      </p>
    </div>
  );
}
