/** The title a mounted area gave the page on screen (`usePageTitle` in @mfe/context). */
export interface AreaTitle {
  readonly remote: string;
  readonly title: string;
}

export interface PageTitles {
  /** `null` clears the remote's title (its page unmounted). */
  set(remote: string, title: string | null): void;
  get(): AreaTitle | null;
  subscribe(listener: () => void): () => void;
}

/** Longest title kept: a title names a page, it is not content. */
const MAX_TITLE_LENGTH = 80;

export function createPageTitles(): PageTitles {
  let current: AreaTitle | null = null;
  const listeners = new Set<() => void>();
  return {
    set(remote, title) {
      const text = typeof title === 'string' ? title.replace(/\s+/g, ' ').trim().slice(0, MAX_TITLE_LENGTH) : '';
      const next = text ? { remote, title: text } : current?.remote === remote ? null : current;
      if (next === current || (next && current && next.remote === current.remote && next.title === current.title))
        return;
      current = next;
      listeners.forEach((listener) => listener());
    },
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
