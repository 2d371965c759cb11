import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import CDP from 'chrome-remote-interface';
import type { Cookie } from 'playwright-core';

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@mfe/e2e/browser';
import {
  BELOW_FOLD_SCRIPTS_EARLY,
  INTERACTIVE_SIGNAL,
  observerScript,
  paintedSignal,
  type Probe,
} from './observer-script';

export { CHROMIUM_FLAGS, CHROMIUM_PATH };

export interface Profile {
  readonly name: string;
  readonly cpuSlowdown: number;
  /** null: no network throttling. */
  readonly network: { latencyMs: number; bitsPerSecond: number } | null;
}

const THROTTLED: Profile = {
  name: 'cpu4x-40ms-10mbit',
  cpuSlowdown: 4,
  network: { latencyMs: 40, bitsPerSecond: 10_000_000 },
};
export const PROFILES: readonly Profile[] = [{ name: 'none', cpuSlowdown: 1, network: null }, THROTTLED];
/** The profile the budgets are judged on (and the smoke run's only one). */
export const JUDGED_PROFILE = THROTTLED.name;

export interface LoadFigures {
  /** Navigation start → the remote's content painted (Element Timing), ms. */
  readonly paintMs: number;
  readonly fcpMs: number;
  readonly requests: number;
  /** Requests sent before the content was painted: the critical path (later ones, e.g. idle prefetch, are not). */
  readonly requestsBeforePaint: number;
  readonly jsRequests: number;
  readonly jsBytes: number;
  readonly jsGzipBytes: number;
  /** Of those, the scripts requested before the content was painted: what the first paint waited on. */
  readonly jsBeforePaintGzipBytes: number;
  /** JS bytes that came over the network (not from the HTTP cache), as encoded on the wire. */
  readonly jsTransferBytes: number;
  readonly tbtMs: number;
  readonly heapBytes: number;
  /** When the page asked for the first remote's `mf-manifest.json` (ms since navigation start; -1: never). */
  readonly remoteRequestedMs: number;
  /** When the page's main script (main.<hash>.js) finished downloading (ms since navigation start). */
  readonly hostScriptLoadedMs: number;
  /**
   * On a page with contributions in slots: scripts of contributions below the fold requested before
   * every contribution in view had its script (0 is the rule: the first view loads first).
   */
  readonly belowFoldScriptsEarly: number;
  /** Scripts that contain React's core / react-dom's renderer. */
  readonly reactCopies: number;
  readonly reactDomCopies: number;
  /** What happened until the measured moment: each request of the page and each long task, ms since navigation start. */
  readonly waterfall: Waterfall;
}

export interface Waterfall {
  readonly requests: ReadonlyArray<{
    readonly url: string;
    readonly start: number;
    readonly end: number;
    readonly fromCache: boolean;
  }>;
  readonly longTasks: ReadonlyArray<{ readonly start: number; readonly duration: number }>;
  /** The measured moment. */
  readonly at: number;
}

interface Tracked {
  url: string;
  /** When it was sent (CDP monotonic seconds). */
  sentAt: number;
  frameId?: string;
  type?: string;
  status?: number;
  fromCache?: boolean;
  encoded?: number;
  finished: boolean;
  /** It failed (or was cancelled): not in flight, and not counted. */
  failed?: boolean;
  /** When it finished (CDP monotonic seconds). */
  finishedAt?: number;
}

/** The measured page's viewport. */
const VIEWPORT = { width: 1280, height: 800 };

/** Chromium as the bench starts it, and the DevTools endpoint it printed. */
async function startChromium(dir: string): Promise<{ process: ChildProcess; port: number }> {
  const chromium = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_FLAGS, '--headless', `--user-data-dir=${dir}`, '--remote-debugging-port=0', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let said: string | undefined = '';
    const timer = setTimeout(() => {
      chromium.kill('SIGKILL');
      reject(new Error(`Chromium (${CHROMIUM_PATH}) did not listen within 30 s.`));
    }, 30_000);
    chromium.stderr.on('data', (chunk: Buffer) => {
      // Read to the end (a full pipe would stall Chromium), kept only until the endpoint is known.
      if (said === undefined) return;
      said += chunk.toString();
      const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(said);
      if (!found) return;
      clearTimeout(timer);
      said = undefined;
      resolve(Number(found[1]));
    });
    chromium.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium (${CHROMIUM_PATH}) exited (${code}) before it listened: ${said?.slice(-500)}`));
    });
  });
  return { process: chromium, port };
}

/**
 * One measured browser: a fresh profile, driven through the DevTools protocol with only the domains
 * a measurement needs (Page for the observer script and navigations, Network for the throttling and
 * the requests). Not a test driver: a driver's own domains (Runtime, its script worlds) make V8
 * collect source positions for stack traces, parsing large functions a second time (measured: the
 * home page worked 160 ms later on one build and 70 ms later on another under Playwright than under
 * this session, throttled), which skews ratios (docs/performance.md).
 */
export class Session {
  private tracked = new Map<string, Tracked>();
  /**
   * Each response's status on the wire, where it differs: a revalidation answered 304 is reported to
   * the page (and by Network.responseReceived) as the cached 200 it refreshed, but brought no body.
   * Kept apart from `tracked`: Chromium often reports it before the request itself (seen for 304s).
   */
  private wireStatuses = new Map<string, number>();
  private navigatedWaiters: Array<() => void> = [];

  private constructor(
    private readonly cdp: CDP.Client,
    private readonly chromium: ChildProcess,
    private readonly dir: string,
  ) {
    cdp.on('Page.frameNavigated', (e) => {
      if (e.frame.parentId) return;
      for (const wake of this.navigatedWaiters.splice(0)) wake();
    });
    cdp.on(
      'Network.requestWillBeSent',
      (e) =>
        void this.tracked.set(e.requestId, {
          url: e.request.url,
          sentAt: e.timestamp,
          type: e.type,
          frameId: e.frameId,
          finished: false,
        }),
    );
    cdp.on('Network.responseReceived', (e) => {
      const t = this.tracked.get(e.requestId);
      if (t)
        Object.assign(t, {
          type: e.type,
          status: e.response.status,
          fromCache: e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker,
        });
    });
    cdp.on('Network.responseReceivedExtraInfo', (e) => void this.wireStatuses.set(e.requestId, e.statusCode));
    cdp.on('Network.requestServedFromCache', (e) => {
      const t = this.tracked.get(e.requestId);
      if (t) t.fromCache = true;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const t = this.tracked.get(e.requestId);
      if (t) Object.assign(t, { encoded: e.encodedDataLength, finished: true, finishedAt: e.timestamp });
    });
    cdp.on('Network.loadingFailed', (e) => {
      const t = this.tracked.get(e.requestId);
      if (t) t.failed = true;
    });
  }

  /** A fresh profile (empty cache), throttled as the profile says, signed in at the provider through `cookies`. */
  static async open(
    profile: Profile,
    appOrigin: string,
    cookies: readonly Cookie[],
    signedInHint = true,
    probe?: Probe,
  ): Promise<Session> {
    const dir = mkdtempSync(join(tmpdir(), 'mfe-bench-'));
    const { process: chromium, port } = await startChromium(dir);
    let cdp: CDP.Client | undefined;
    try {
      cdp = await CDP({ port, target: (targets) => targets.findIndex((target) => target.type === 'page') });
      await cdp.Page.enable();
      await cdp.Network.enable({});
      await cdp.Emulation.setDeviceMetricsOverride({ ...VIEWPORT, deviceScaleFactor: 1, mobile: false });
      if (cookies.length > 0) await cdp.Network.setCookies({ cookies: cookies.map(cookieParam) });
      await cdp.Page.addScriptToEvaluateOnNewDocument({ source: observerScript(appOrigin, signedInHint, probe) });
      await cdp.Emulation.setCPUThrottlingRate({ rate: profile.cpuSlowdown });
      if (profile.network) {
        const bytesPerSecond = profile.network.bitsPerSecond / 8;
        await cdp.Network.emulateNetworkConditions({
          offline: false,
          latency: profile.network.latencyMs,
          downloadThroughput: bytesPerSecond,
          uploadThroughput: bytesPerSecond,
        });
      }
      return new Session(cdp, chromium, dir);
    } catch (error) {
      await cdp?.close().catch(() => undefined);
      chromium.kill();
      rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
      throw error;
    }
  }

  /** Opens `url`; resolves once its document has committed (`commit`) or has loaded (`load`, the default). */
  async goto(url: string, { waitUntil = 'load' }: { waitUntil?: 'commit' | 'load' } = {}): Promise<void> {
    const loaded = waitUntil === 'load' ? this.cdp.Page.loadEventFired() : undefined;
    const committed = this.nextDocument();
    const { errorText } = await this.cdp.Page.navigate({ url });
    if (errorText) throw new Error(`The bench could not open ${url}: ${errorText}`);
    await committed;
    await loaded;
  }

  /** Reloads the page; resolves once the new document has committed. */
  async reload(): Promise<void> {
    const committed = this.nextDocument();
    await this.cdp.Page.reload({});
    await committed;
  }

  /** Clicks the element `selector` names as a person would (a trusted click at its centre). */
  async click(selector: string): Promise<void> {
    const centre = (await this.evaluate(
      `(() => { const r = document.querySelector(${JSON.stringify(selector)})?.getBoundingClientRect(); return r && { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`,
    )) as { x: number; y: number } | undefined;
    if (!centre) throw new Error(`The bench found no ${selector} to click.`);
    for (const type of ['mousePressed', 'mouseReleased'] as const)
      await this.cdp.Input.dispatchMouseEvent({ type, ...centre, button: 'left', clickCount: 1 });
  }

  /** The value of `expression` in the page (awaited when it is a promise). */
  async evaluate(expression: string): Promise<unknown> {
    const { result, exceptionDetails } = await this.cdp.Runtime.evaluate({
      expression,
      returnByValue: true,
      awaitPromise: true,
    });
    if (exceptionDetails)
      throw new Error(`In the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value as unknown;
  }

  async waitForTimeout(ms: number): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, ms));
  }

  /** Until no request has been in flight for half a second (at most `timeoutMs`). */
  async waitForNetworkIdle(timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      const busy = [...this.tracked.values()].some((t) => !t.finished && !t.failed);
      if (busy) quietSince = Date.now();
      else if (Date.now() - quietSince >= 500) return;
      await this.waitForTimeout(50);
    }
  }

  resetCounters(): void {
    this.tracked = new Map();
    this.wireStatuses = new Map();
  }

  /** Waits for the element with this Element Timing identifier to be painted; returns its time (ms since navigation start). */
  async waitForPaint(identifier: string, timeoutMs = 60_000): Promise<number> {
    return this.waitForSignal(paintedSignal(identifier), `painted "${identifier}"`, timeoutMs);
  }

  /** Waits until the page has worked (its probe's button answered; opened with a probe); returns when (ms since navigation start). */
  async waitForInteractive(timeoutMs = 60_000): Promise<number> {
    return this.waitForSignal(INTERACTIVE_SIGNAL, 'worked', timeoutMs);
  }

  private nextDocument(): Promise<void> {
    return new Promise((resolve) => this.navigatedWaiters.push(resolve));
  }

  /**
   * The time of the signal `name` in the page's current document, or in a later one (a page that
   * navigates on, e.g. a redirect, still counts): one evaluation that settles when the page has it.
   */
  private async waitForSignal(name: string, what: string, timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    let lastError: unknown;
    while (Date.now() < deadline) {
      // Cleared once the page answers: a pending timer would keep the bench's process alive.
      let timer: NodeJS.Timeout | undefined;
      try {
        const at = await Promise.race([
          this.evaluate(`window.__bench ? window.__bench.when(${JSON.stringify(name)}) : null`),
          new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), deadline - Date.now()))),
        ]);
        if (typeof at === 'number') return at;
      } catch (error) {
        // The document went away while it was asked (it navigated on): ask the next one.
        lastError = error;
      } finally {
        clearTimeout(timer);
      }
      await this.waitForTimeout(50);
    }
    throw await this.neverDid(what, timeoutMs, lastError);
  }

  /** A load that never got there, with what the page showed instead, so it can be read, not guessed at. */
  private async neverDid(what: string, timeoutMs: number, cause: unknown): Promise<Error> {
    const shown = await this.evaluate(
      `(() => ({
        url: location.href,
        parts: [...document.querySelectorAll('[data-contribution], [data-remote]')].map(
          (part) =>
            (part.getAttribute('data-contribution') ?? part.getAttribute('data-remote')) + ': ' + (part.getAttribute('data-state') ?? '') + (part.hasAttribute('data-held') ? ' (held)' : ''),
        ),
        failures: [...document.querySelectorAll('[role=alert], .notice')].map((notice) => notice.textContent),
      }))()`,
    ).catch(() => 'unreadable');
    const pending = [...this.tracked.values()].filter((request) => !request.finished).map((request) => request.url);
    return new Error(
      `The page never ${what} within ${timeoutMs} ms; it showed ${JSON.stringify(shown)}; requests unfinished: ${JSON.stringify(pending)}`,
      { cause },
    );
  }

  /** Everything measured since the last reset. */
  async figures(paintMs: number): Promise<LoadFigures> {
    await this.waitForTimeout(300); // late long tasks and responses
    const state = (await this.evaluate('({ fcp: window.__bench.fcp, longTasks: window.__bench.longTasks })')) as {
      fcp: number;
      longTasks: Array<{ start: number; duration: number }>;
    };
    // The page itself: the hidden silent-sign-in iframe does the same for both apps and is left out.
    const { frameTree } = await this.cdp.Page.getFrameTree();
    const done = [...this.tracked.entries()].filter(([, t]) => t.finished && t.frameId === frameTree.frame.id);
    const scripts = done.filter(([, t]) => t.type === 'Script');
    // Time zero: the page's document request, or (a client-side navigation) the first request after the reset.
    const mine = [...this.tracked.values()].filter((t) => t.frameId === frameTree.frame.id);
    const zero = (mine.find((t) => t.type === 'Document') ?? mine[0])?.sentAt ?? 0;
    const requestsBeforePaint = done.filter(([, t]) => (t.sentAt - zero) * 1000 <= paintMs).length;
    let jsBytes = 0;
    let jsGzipBytes = 0;
    let jsBeforePaintGzipBytes = 0;
    let jsTransferBytes = 0;
    let reactCopies = 0;
    let reactDomCopies = 0;
    for (const [requestId, t] of scripts) {
      if (!t.fromCache && t.status === 200 && this.wireStatuses.get(requestId) !== 304)
        jsTransferBytes += t.encoded ?? 0;
      try {
        const { body, base64Encoded } = await this.cdp.Network.getResponseBody({ requestId });
        const text = base64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
        jsBytes += Buffer.byteLength(text);
        const gzipped = gzipSync(text).length;
        jsGzipBytes += gzipped;
        if ((t.sentAt - zero) * 1000 <= paintMs) jsBeforePaintGzipBytes += gzipped;
        if (/\.useState=function/.test(text)) reactCopies += 1;
        if (text.includes('rendererPackageName:"react-dom"')) reactDomCopies += 1;
      } catch {
        // a body the browser no longer holds (e.g. a redirect); its bytes are not counted
      }
    }
    const tbtMs = state.longTasks
      .filter((task) => task.start >= state.fcp)
      .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    // Resource Timing (start and end are exposed cross-origin too): did the remote start with the host's script?
    const timing = (await this.evaluate(`(() => {
      const entries = performance.getEntriesByType('resource');
      const remote = entries.find((entry) => entry.name.endsWith('/mf-manifest.json') && !entry.name.startsWith(location.origin));
      const script = entries.find((entry) => entry.name.startsWith(location.origin) && /\\/main\\.[0-9a-f]+\\.js$/.test(entry.name));
      return { remote: remote ? remote.startTime : -1, script: script ? script.responseEnd : -1 };
    })()`)) as { remote: number; script: number };
    const waterfall: Waterfall = {
      requests: mine
        .filter((t) => (t.sentAt - zero) * 1000 <= paintMs)
        .map((t) => ({
          url: t.url,
          start: (t.sentAt - zero) * 1000,
          end: t.finishedAt === undefined ? -1 : (t.finishedAt - zero) * 1000,
          fromCache: t.fromCache === true,
        }))
        .sort((a, b) => a.start - b.start),
      longTasks: state.longTasks.filter((task) => task.start <= paintMs),
      at: paintMs,
    };
    const belowFoldScriptsEarly = (await this.evaluate(BELOW_FOLD_SCRIPTS_EARLY)) as number;
    const heap = (await this.cdp.Runtime.getHeapUsage().catch(() => ({ usedSize: 0 }))) as { usedSize: number };
    return {
      paintMs,
      fcpMs: state.fcp,
      requests: done.length,
      requestsBeforePaint,
      jsRequests: scripts.length,
      jsBytes,
      jsGzipBytes,
      jsBeforePaintGzipBytes,
      jsTransferBytes,
      tbtMs,
      heapBytes: heap.usedSize,
      remoteRequestedMs: timing.remote,
      hostScriptLoadedMs: timing.script,
      reactCopies,
      reactDomCopies,
      belowFoldScriptsEarly,
      waterfall,
    };
  }

  async close(): Promise<void> {
    await this.cdp.Browser.close().catch(() => undefined);
    await this.cdp.close().catch(() => undefined);
    if (this.chromium.exitCode === null) {
      const exited = new Promise((resolve) => this.chromium.once('exit', resolve));
      const timer = setTimeout(() => this.chromium.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(this.dir, { recursive: true, force: true, maxRetries: 5 });
  }
}

/** A cookie of the provider's sign-in (read with Playwright, scenarios.ts), as the protocol sets it. */
function cookieParam(cookie: Cookie) {
  return {
    name: cookie.name,
    value: cookie.value,
    domain: cookie.domain,
    path: cookie.path,
    httpOnly: cookie.httpOnly,
    secure: cookie.secure,
    sameSite: cookie.sameSite,
    ...(cookie.expires > 0 ? { expires: cookie.expires } : {}),
  };
}
