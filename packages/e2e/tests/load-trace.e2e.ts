import { createRequire } from 'node:module';
import { setUpBrowserSuite } from '../src';

// Each area's load is traced phase by phase: shown on the diagnostics page as a waterfall, and sent
// as OpenTelemetry spans over OTLP/HTTP to the configured collector, where they are decoded here with
// OpenTelemetry's own protocol definitions (its generated protobuf types), not a reader of ours.
const suite = setUpBrowserSuite(['--public', 'referrals', '--no-contributions', '--no-prerender']);

interface DecodedSpan {
  readonly name: string;
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly attributes: Readonly<Record<string, string>>;
}

/** A span as OpenTelemetry's generated types give it (`toObject`, longs as strings). */
interface ReceivedSpan {
  readonly name: string;
  readonly traceId: Uint8Array;
  readonly spanId: Uint8Array;
  readonly parentSpanId?: Uint8Array;
  readonly startTimeUnixNano: string;
  readonly endTimeUnixNano: string;
  readonly attributes?: Array<{ key: string; value: { stringValue?: string } }>;
}

/** Every span the collector received, decoded with OpenTelemetry's generated protobuf types. */
async function receivedSpans(): Promise<DecodedSpan[]> {
  const records = (await (await fetch(`${suite.stack.collectorUrl}/__collector/records`)).json()) as Array<{
    path: string;
    contentType: string;
    body: string;
  }>;
  const root = createRequire(__filename)('@opentelemetry/otlp-transformer/build/src/generated/root');
  const Request = root.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
  const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
  const ms = (nanos: string) => Number(BigInt(nanos) / 1000n) / 1000;
  return records
    .filter((record) => record.path === '/v1/traces')
    .flatMap((record) => {
      expect(record.contentType).toBe('application/x-protobuf');
      const request = Request.toObject(Request.decode(Buffer.from(record.body, 'base64')), { longs: String });
      return (request.resourceSpans ?? []).flatMap((resource: { scopeSpans?: Array<{ spans?: ReceivedSpan[] }> }) =>
        (resource.scopeSpans ?? []).flatMap((scope) => scope.spans ?? []),
      );
    })
    .map((span: ReceivedSpan) => ({
      name: span.name,
      traceId: hex(span.traceId),
      spanId: hex(span.spanId),
      parentSpanId: span.parentSpanId ? hex(span.parentSpanId) : '',
      startMs: ms(span.startTimeUnixNano),
      endMs: ms(span.endTimeUnixNano),
      attributes: Object.fromEntries(
        (span.attributes ?? []).map(({ key, value }) => [key, value.stringValue ?? JSON.stringify(value)]),
      ),
    }));
}

test("an area's load is a waterfall of its phases on the diagnostics page and OpenTelemetry spans at the collector, with nothing personal", async () => {
  await fetch(`${suite.stack.collectorUrl}/__collector/records`, { method: 'DELETE' });
  const page = await suite.browser.context.newPage();
  // As a phone: the CPU 4× slower, so each phase takes long enough to be told apart.
  const cdp = await suite.browser.context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // When the area's button first showed, by the page's own clock (epoch ms): the trace's render must end there.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const buttons = document.querySelectorAll('[data-island=referrals] button, [data-remote=referrals] button');
      if (![...buttons].some((button) => button.textContent === 'Invite someone')) return;
      (window as unknown as { __areaShownAt: number }).__areaShownAt = performance.timeOrigin + performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${suite.stack.hostUrl}/referrals?ref=planted-secret`);
  const invite = page.getByRole('button', { name: 'Invite someone' });
  await invite.waitFor();
  await page.click('[data-testid=consent-accept]');
  await invite.click();
  await page.waitForURL(/\/referrals\/invite$/);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const { shownAt, navigatedAt } = await page.evaluate(() => ({
    shownAt: (window as unknown as { __areaShownAt: number }).__areaShownAt,
    navigatedAt: performance.timeOrigin,
  }));

  // The diagnostics page, reached inside the page: the same load's waterfall.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/diagnostics');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const waterfall = page.locator('[data-testid=load-trace][data-remote=referrals]');
  await waterfall.locator('tr[data-phase="first interaction"]').waitFor();
  const shown = await waterfall.locator('tr[data-phase]').evaluateAll((rows) =>
    rows.map((row) => ({
      phase: row.getAttribute('data-phase'),
      ms: Number.parseInt(row.querySelector('[data-testid=phase-duration]')!.textContent!, 10),
    })),
  );
  expect(shown.map((row) => row.phase)).toEqual([
    'manifest',
    'entry',
    'shared',
    'module',
    'render',
    'first interaction',
  ]);
  expect(await waterfall.locator('svg rect').count()).toBe(shown.length);
  await page.goto('about:blank'); // a hidden page sends what its batch holds

  let spans: DecodedSpan[] = [];
  for (let tries = 0; tries < 50 && !spans.some((span) => span.name === 'first interaction'); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    spans = await receivedSpans();
  }
  const load = spans.find((span) => span.name === 'area load');
  expect(load?.attributes).toEqual({
    'mfe.route': '/referrals',
    'mfe.remote.name': 'referrals',
    'mfe.remote.version': expect.stringMatching(/^\d+\.\d+\.\d+/),
    'mfe.remote.variant': 'stable',
  });
  const phases = spans.filter((span) => span.parentSpanId === load!.spanId);
  expect(phases.every((span) => span.traceId === load!.traceId)).toBe(true);
  expect(phases.map((span) => span.name)).toEqual(shown.map((row) => row.phase));
  // The spans say what the page showed: each phase's duration within a millisecond of its row.
  for (const row of shown) {
    const span = phases.find((one) => one.name === row.phase)!;
    expect(Math.abs(span.endMs - span.startMs - row.ms)).toBeLessThanOrEqual(1);
  }
  // The load's phases, one after another, account for its time up to the render: within 10 %.
  const render = phases.find((span) => span.name === 'render')!;
  const upToRender = phases.filter((span) => span.name !== 'first interaction');
  const summed = upToRender.reduce((sum, span) => sum + (span.endMs - span.startMs), 0);
  expect(summed).toBeGreaterThanOrEqual((render.endMs - load!.startMs) * 0.9);
  expect(summed).toBeLessThanOrEqual((render.endMs - load!.startMs) * 1.1);
  // And the render ends when the page showed the area, by the page's own clock (within 10 % of the page's age then).
  expect(Math.abs(render.endMs - shownAt)).toBeLessThanOrEqual(Math.max((shownAt - navigatedAt) * 0.1, 20));
  // Nothing personal: the query string (which could hold anything) and the visitor are not in any span.
  const everything = JSON.stringify(spans);
  expect(everything).not.toContain('planted-secret');
  expect(everything).not.toContain('ref=');
}, 120_000);
