import type { Page } from 'playwright-core';

/**
 * The page's live event subscriptions, as the host's diagnostics page counts them: opened by its
 * navigation link (client-side, so the count is this page's), read once the count is shown.
 */
export async function eventSubscriptions(page: Page): Promise<number> {
  await page.click('[data-testid=nav-diagnostics]');
  await page.waitForFunction(() =>
    /^\d+$/.test(document.querySelector('[data-testid=event-subscriptions]')?.textContent ?? ''),
  );
  return Number(await page.textContent('[data-testid=event-subscriptions]'));
}
