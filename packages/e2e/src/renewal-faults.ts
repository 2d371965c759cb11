import type { BrowserContext, Page } from 'playwright-core';

/**
 * The tab that renews closed in the middle of its renewal: the next refresh-token request of any
 * tab of `context` is either let through to the provider, which exchanges (rotates) the token and
 * answers, or stopped before it leaves; either way the tab that sent it is closed before it hears
 * the answer. The provider's request for a DPoP nonce (an error answer, nothing exchanged) is passed
 * back as usual, so the request caught is the one that exchanges the token. Resolves with the tab
 * that was closed, once it is.
 */
export async function closeTabMidRenewal(
  context: BrowserContext,
  idpUrl: string,
  when: 'after-the-provider-rotated' | 'before-it-left',
): Promise<{ closed: Promise<Page> }> {
  let caught = false;
  let resolveClosed: (page: Page) => void = () => undefined;
  const closed = new Promise<Page>((resolve) => (resolveClosed = resolve));
  const url = `${idpUrl}/token`;
  await context.route(url, async (route) => {
    const request = route.request();
    if (
      caught ||
      request.method() !== 'POST' ||
      !new URLSearchParams(request.postData() ?? '').get('grant_type')?.startsWith('refresh_token')
    )
      return route.fallback();
    const holder = request.frame().page();
    if (when === 'after-the-provider-rotated') {
      const response = await route.fetch();
      if (response.status() !== 200) return route.fulfill({ response });
    }
    caught = true;
    // The answer never reaches the tab. The request is aborted before the tab closes: a request still
    // held by the route when its page closes is sent on by the browser, a second time.
    await route.abort('connectionclosed');
    await holder.close();
    await context.unroute(url);
    resolveClosed(holder);
  });
  return { closed };
}
