import type { ConsentApi } from '@mfe/context';

/**
 * Loads the configured third-party tag script (a tag manager) once, and only
 * after marketing consent: before that, not a single request goes to its
 * origin. The CSP allows its origin (`pnpm server:config` and the stack put
 * it in script-src); it carries no integrity, since its vendor changes it.
 * Like Google's loader, it starts a `dataLayer` queue first.
 */
export function installTagLoader(src: string, consent: ConsentApi, doc: Document = document): () => void {
  let loaded = false;
  const load = () => {
    if (loaded || consent.get().marketing !== true) return;
    loaded = true;
    const target = doc.defaultView as (Window & { dataLayer?: unknown[] }) | null;
    if (target) {
      target.dataLayer = target.dataLayer ?? [];
      target.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    }
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.referrerPolicy = 'strict-origin-when-cross-origin';
    script.dataset.mfeTag = 'true';
    doc.head.appendChild(script);
  };
  load();
  return consent.subscribe(load);
}
