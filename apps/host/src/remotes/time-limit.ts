/** What `withinTimeLimit` rejects with when the work outlasts its limit. */
export class TimeLimitExceeded extends Error {
  constructor(readonly ms: number) {
    super(`Did not finish within ${ms} ms.`);
    this.name = 'TimeLimitExceeded';
  }
}

/**
 * The work's result, or `TimeLimitExceeded` after `ms` (the work itself is not cancelled). Each remote
 * gets its own limit this way: the federation runtime's script timeout is a fixed 20 s.
 */
export async function withinTimeLimit<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeLimitExceeded(ms)), ms);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}
