import { storageOrNull } from '@mfe/context/runtime-utils';

/**
 * Not a secret: only remembers, for this tab, that someone signed in, so a
 * reload with no other tab open tries a silent sign-in.
 */
export const SIGNED_IN_HINT = 'mfe.auth.signed-in';

/**
 * Whether this tab was signed in before this page load (a flag, no token): start-up uses it to
 * fetch a signed-in area's remote alongside the session restore, but never for a visitor who is
 * about to be sent to sign in.
 */
export function mayHaveSession(storage: Pick<Storage, 'getItem'> | null = storageOrNull('sessionStorage')): boolean {
  try {
    return storage?.getItem(SIGNED_IN_HINT) === '1';
  } catch {
    return false;
  }
}

/** Remembers (or forgets) for this tab that someone is signed in. */
export function rememberSignedIn(
  signedIn: boolean,
  storage: Pick<Storage, 'setItem' | 'removeItem'> | null = storageOrNull('sessionStorage'),
): void {
  try {
    if (signedIn) storage?.setItem(SIGNED_IN_HINT, '1');
    else storage?.removeItem(SIGNED_IN_HINT);
  } catch {
    // Storage refused (private mode, quota): the hint is only an optimisation.
  }
}
