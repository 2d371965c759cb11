// The page of the silent sign-in's hidden iframe (auth/silent-callback.html): it only hands the
// provider's answer to the host page, so it loads neither React nor the host's bundle.
import { completeSilentCallback } from './silent-callback';

void completeSilentCallback();
