/**
 * A storage area, or null where the browser refuses it (a sandboxed frame, some privacy modes,
 * storage disabled): merely reading `window.localStorage` throws there, so every caller that only
 * remembers a convenience goes through here and carries on without it.
 */
export function storageOrNull(area: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[area];
  } catch {
    return null;
  }
}
