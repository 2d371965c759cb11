import { readDevRemotes, startStack } from '@mfe/stack';
import { chromium } from 'playwright-core';
const remotes = readDevRemotes().map((r) => (r.name === 'referrals' ? { ...r, requiresAuth: false } : r));
const stack = await startStack({ ports: { host: 8800, idp: 8900 }, compress: true, dpop: true, remotes });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (let run = 0; run < 2; run++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: 1_250_000, uploadThroughput: 1_250_000 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${stack.hostUrl}/referrals`);
  await page.waitForSelector('[data-testid=referrals-overview]');
  const { profile } = await cdp.send('Profiler.stop');
  const marks = await page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => `${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ${e.name.replace(/^https?:\/\/[^/]+/, '')}`).join('\n') + `\nfcp ${performance.getEntriesByName('first-contentful-paint')[0]?.startTime}`);
  if (run === 1) {
    console.log(marks);
    const self = new Map<string, number>();
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const dt = profile.timeDeltas ?? [];
    profile.samples!.forEach((id, i) => {
      const n = byId.get(id)!;
      const url = n.callFrame.url.replace(/^https?:\/\/[^/]+/, '') || n.callFrame.functionName || '(native)';
      self.set(url, (self.get(url) ?? 0) + (dt[i] ?? 0) / 1000);
    });
    [...self].sort((a, b) => b[1] - a[1]).slice(0, 15).forEach(([k, v]) => console.log(v.toFixed(0).padStart(6), 'ms', k));
  }
  await context.close();
}
await browser.close();
await stack.close();
