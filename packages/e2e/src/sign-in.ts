import type { Page } from 'playwright-core';

export const ALICE = { username: 'alice', password: 'alice-dev-password', name: 'Alice Admin' } as const;
export const BOB = { username: 'bob', password: 'bob-dev-password', name: 'Bob Member' } as const;

/** Fills the dev provider's real login form (the page must already be on it). */
export async function signInAtProvider(
  page: Page,
  idpUrl: string,
  user: { username: string; password: string },
): Promise<void> {
  await page.waitForURL((url) => url.href.startsWith(`${idpUrl}/interaction/`));
  await page.fill('#username', user.username);
  await page.fill('#password', user.password);
  await page.click('button[type=submit]:has-text("Sign in")');
}
