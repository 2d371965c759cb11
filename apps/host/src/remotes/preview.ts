import type { HostConfig } from '../config';
import { PREVIEW_KEY, PREVIEW_PARAM } from './tab-choices';

/**
 * Preview links: `?mfe-preview=<id>` (printed by `mfe-release preview`) opens the host with a
 * branch build of one remote, everything else as in its environment. The host reads the preview's
 * manifest only from the release store (`previews.manifestBase` in config.json, on an allowed
 * remote origin) and validates it like any manifest (allowed origins, pins); the link is kept for
 * the tab (sessionStorage) and taken out of the address. An unknown, malformed or expired link
 * loads nothing of the preview, and the page says so (once: the tab's next load is live).
 */
const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The preview this tab asked for: from the link (kept for the tab from then on), or asked for earlier. */
export function requestedPreview(
  location: Pick<Location, 'href'>,
  history: Pick<History, 'replaceState' | 'state'> | null,
  storage: TabStorage | null,
): string | null {
  const url = new URL(location.href);
  const fromLink = url.searchParams.get(PREVIEW_PARAM);
  if (fromLink !== null) {
    url.searchParams.delete(PREVIEW_PARAM);
    history?.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
    try {
      storage?.setItem(PREVIEW_KEY, fromLink);
    } catch {
      // Storage refused: the preview holds for this page only.
    }
    return fromLink;
  }
  try {
    return storage?.getItem(PREVIEW_KEY) ?? null;
  } catch {
    return null;
  }
}

export type PreviewResult =
  | {
      readonly kind: 'active';
      readonly remote: string;
      readonly version: string;
      readonly expiresAt: string;
      readonly manifest: unknown;
    }
  | { readonly kind: 'refused'; readonly message: string };

const refused = (message: string): PreviewResult => ({ kind: 'refused', message });

/** Reads and checks a preview's manifest from the store; never throws. */
export async function loadPreview(
  config: Pick<HostConfig, 'previews'>,
  id: string,
  fetchImpl: typeof fetch = fetch,
): Promise<PreviewResult> {
  if (!config.previews) return refused('This host does not open preview links: showing the live app.');
  if (!ID_PATTERN.test(id))
    return refused('This preview link is not valid (check that it was copied whole): showing the live app.');
  let response: Response;
  try {
    response = await fetchImpl(new URL(`${id}.json`, config.previews.manifestBase).href, {
      cache: 'no-cache',
      credentials: 'omit',
    });
  } catch {
    return refused('The preview could not be loaded (check your connection and reload): showing the live app.');
  }
  if (response.status === 404)
    return refused(
      'This preview link is not valid or the preview was removed: showing the live app. Ask for a new link.',
    );
  if (!response.ok) return refused(`The preview could not be loaded (HTTP ${response.status}): showing the live app.`);
  let document: { id?: unknown; remote?: unknown; version?: unknown; expiresAt?: unknown; manifest?: unknown };
  try {
    document = (await response.json()) as typeof document;
  } catch {
    return refused('This preview is damaged: showing the live app. Ask for a new link.');
  }
  if (
    document.id !== id ||
    typeof document.remote !== 'string' ||
    typeof document.version !== 'string' ||
    typeof document.expiresAt !== 'string'
  )
    return refused('This preview is damaged: showing the live app. Ask for a new link.');
  // The store's clock (its Date header), so a device whose clock is wrong neither keeps nor loses a preview.
  const now = Date.parse(response.headers.get('Date') ?? '') || Date.now();
  const expires = Date.parse(document.expiresAt);
  if (!(expires > now))
    return refused(
      `This preview link expired on ${new Date(expires).toUTCString()}: showing the live app. Ask for a new link.`,
    );
  return {
    kind: 'active',
    remote: document.remote,
    version: document.version,
    expiresAt: document.expiresAt,
    manifest: document.manifest,
  };
}
