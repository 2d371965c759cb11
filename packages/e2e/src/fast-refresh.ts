import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { ALICE } from './sign-in';

/**
 * The scaffolded area's Fast Refresh, as a team sees it under its development server: with a note
 * typed (the component's state), its App.tsx is saved with new text, and the page shows it in
 * place: the same document, the note and the signed-in user kept. `app`: the area's App.tsx.
 */
export async function expectSavedEditInPlace(page: Page, app: string, what: string): Promise<void> {
  await page.fill('[data-testid=payments-note]', 'kept across the edit');
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  const saved = Date.now();
  const source = readFileSync(app, 'utf8');
  const edited = source.replace(
    'data-testid="payments-overview">',
    'data-testid="payments-overview">Your payments, freshly saved. ',
  );
  expect(edited).not.toBe(source);
  writeFileSync(app, edited);
  await page.waitForFunction(
    () => document.querySelector('[data-testid=payments-overview]')?.textContent?.includes('freshly saved'),
    undefined,
    { timeout: 60_000 },
  );
  console.log(`Fast Refresh (${what}): edit to update in ${Date.now() - saved} ms`);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(await page.inputValue('[data-testid=payments-note]')).toBe('kept across the edit');
  expect(await page.textContent('[data-testid=user-name]')).toBe(ALICE.name);
}
