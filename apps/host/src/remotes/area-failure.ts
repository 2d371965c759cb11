import { PlatformError, type IntlApi, type PlatformErrorCode } from '@mfe/context';
import { CONTRACT_PACKAGE } from '@mfe/manifest/remote-build';
import type { Incompatibility } from '@mfe/manifest';
import { failureMessages } from '../i18n/failure-messages';
import { english } from '../i18n/text';

/** Why an area could not be shown, as data: said to the visitor in the page's language, to logs in English. */
export type AreaFailure =
  | { readonly kind: 'timeout'; readonly seconds: number }
  | { readonly kind: 'unreachable' }
  | { readonly kind: 'not-exposed'; readonly expose: string }
  /** Its module is not what the platform loads there (`expected`: the functions that make one, as code). */
  | { readonly kind: 'not-a-remote'; readonly expose: string; readonly expected: string }
  /** Built to share nothing with the host (`mount: 'own-root'`), but its area renders in the host's tree. */
  | { readonly kind: 'wrong-mount'; readonly expose: string }
  /** A pinned remote whose build records no integrity for the first files of its modules (`files`). */
  | { readonly kind: 'unpinned'; readonly files: readonly string[] }
  /** A contribution written for another slot than the one the manifest places it in. */
  | { readonly kind: 'wrong-slot'; readonly expose: string; readonly slot: string; readonly placed: string }
  | { readonly kind: 'threw-at-start'; readonly detail: string }
  | { readonly kind: 'incompatible'; readonly problems: readonly Incompatibility[] }
  | { readonly kind: 'not-in-manifest' };

/** What makes a module the platform loads, by where it is loaded (as code, never translated). */
export const MADE_WITH = {
  area: 'defineRemote(), defineReactRootArea() or defineMountedArea()',
  contribution: 'defineContribution()',
} as const;

/** What the visitor reads about a failure, in `intl`'s language (`label`: the area's label in it). */
export function describeAreaFailure(intl: IntlApi, label: string, failure: AreaFailure): string {
  switch (failure.kind) {
    case 'timeout':
      return intl.formatMessage(failureMessages.failureTimeout, { label, seconds: failure.seconds });
    case 'unreachable':
    case 'not-in-manifest':
      return intl.formatMessage(failureMessages.failureUnreachable, { label });
    case 'not-exposed':
      return intl.formatMessage(failureMessages.failureNotExposed, { label, expose: failure.expose });
    case 'not-a-remote':
      return intl.formatMessage(failureMessages.failureNotRemote, {
        label,
        expose: failure.expose,
        expected: failure.expected,
      });
    case 'wrong-mount':
      return intl.formatMessage(failureMessages.failureWrongMount, { label, expose: failure.expose });
    case 'unpinned':
      return intl.formatMessage(failureMessages.failureUnpinned, {
        label,
        files: intl.formatList(failure.files, { type: 'conjunction' }),
      });
    case 'wrong-slot':
      return intl.formatMessage(failureMessages.failureWrongSlot, {
        label,
        expose: failure.expose,
        slot: failure.slot,
        placed: failure.placed,
      });
    case 'threw-at-start':
      return intl.formatMessage(failureMessages.failureThrewAtStart, { label, detail: failure.detail });
    case 'incompatible': {
      const builtFor = failure.problems.map(({ packageName, required, provided }) =>
        packageName === CONTRACT_PACKAGE
          ? intl.formatMessage(failureMessages.builtForContract, { required, provided })
          : intl.formatMessage(failureMessages.builtForPackage, { packageName, required, provided }),
      );
      return intl.formatMessage(failureMessages.failureIncompatible, {
        label,
        builtFor: intl.formatList(builtFor, { type: 'conjunction' }),
      });
    }
  }
}

/** A feature area that could not be loaded: a PlatformError whose message is English, with the failure kept to say it in any language. */
export class AreaLoadError extends PlatformError {
  readonly failure: AreaFailure;

  constructor(
    code: Extract<PlatformErrorCode, `REMOTE_${string}`>,
    label: string,
    failure: AreaFailure,
    options?: { cause?: unknown },
  ) {
    super(code, describeAreaFailure(english, label, failure), options);
    this.failure = failure;
  }
}

/** What the visitor reads about an error from loading an area: its failure in the page's language, else the error's own message. */
export function areaErrorText(intl: IntlApi, label: string, error: Error): string {
  return error instanceof AreaLoadError ? describeAreaFailure(intl, label, error.failure) : error.message;
}
