// Used by the boot script as well as the host: nothing here may import more.

/**
 * Whether the part of the page's HTML that holds a remote's contribution is in the viewport, as the
 * page lies now (before any script has rendered: the HTML's own layout).
 */
export function heldContributionInView(remote: string, module: string): boolean {
  // Names are letters, digits, "_" and "-" (the manifest's rules): nothing to escape in the selector.
  const element = document.querySelector(`[data-contribution$=" ${remote}/${module}"]`);
  if (!element) return false;
  const box = element.getBoundingClientRect();
  return box.top < window.innerHeight && box.bottom > 0;
}
