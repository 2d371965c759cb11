import type { Page } from 'playwright-core';

/**
 * Serves a remote's stylesheets altered on the way (a rule that would hide the whole page put in
 * front of their own bytes), as a compromised CDN would; returns the route's pattern, to unroute
 * once healed. Their pins must refuse them.
 */
export async function alterStylesheets(page: Page, remoteUrl: string, hostUrl: string): Promise<string> {
  const stylesheets = `${remoteUrl}/*.css`;
  await page.route(stylesheets, async (route) => {
    const original = await (await route.fetch()).text();
    await route.fulfill({
      status: 200,
      contentType: 'text/css',
      headers: { 'access-control-allow-origin': hostUrl },
      body: `body { display: none !important; }\n${original}`,
    });
  });
  return stylesheets;
}
