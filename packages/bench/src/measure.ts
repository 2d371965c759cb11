import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type CDPSession, type Cookie, type Page } from 'playwright-core';

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@mfe/e2e/browser';
import {
  BELOW_FOLD_SCRIPTS_EARLY,
  INTERACTIVE_SIGNAL,
  observerScript,
  paintedSignal,
  SIGNAL_BINDING,
  type Probe,
  type Signal,
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
  /** When it finished (CDP monotonic seconds). */
  finishedAt?: number;
}

export class Session {
  readonly page: Page;
  private readonly cdp: CDPSession;
  private tracked = new Map<string, Tracked>();
  /**
   * Each response's status on the wire, where it differs: a revalidation answered 304 is reported to
   * the page (and by Network.responseReceived) as the cached 200 it refreshed, but brought no body.
   * Kept apart from `tracked`: Chromium often reports it before the request itself (seen for 304s).
   */
  private wireStatuses = new Map<string, number>();
  /** What the page has signalled (observer-script.ts), newest document last. */
  private readonly signals: Signal[] = [];
  private readonly signalled = new Set<() => void>();

  private constructor(
    readonly context: BrowserContext,
    page: Page,
    cdp: CDPSession,
    private readonly dir: string,
  ) {
    this.page = page;
    this.cdp = cdp;
    cdp.on('Runtime.bindingCalled', (e) => {
      if (e.name !== SIGNAL_BINDING) return;
      this.signals.push(JSON.parse(e.payload) as Signal);
      for (const wake of this.signalled) wake();
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
    const context = await chromium.launchPersistentContext(dir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_FLAGS,
      viewport: { width: 1280, height: 800 },
    });
    await context.addCookies([...cookies]);
    await context.addInitScript(observerScript(appOrigin, signedInHint, probe));
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Runtime.enable');
    await cdp.send('Runtime.addBinding', { name: SIGNAL_BINDING });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    if (profile.network) {
      const bytesPerSecond = profile.network.bitsPerSecond / 8;
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: profile.network.latencyMs,
        downloadThroughput: bytesPerSecond,
        uploadThroughput: bytesPerSecond,
      });
    }
    return new Session(context, page, cdp, dir);
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

  /**
   * The time of the signal `name` from the page's current document or a later one (a page that
   * navigates on, e.g. a redirect, still counts), waiting for it if it has not come yet. Nothing is
   * run in the page while it loads but one read of its time origin.
   */
  private async waitForSignal(name: string, what: string, timeoutMs: number): Promise<number> {
    const current = await this.cdp.send('Runtime.evaluate', {
      expression: 'performance.timeOrigin',
      returnByValue: true,
    });
    const since = current.result.value as number;
    const find = () => this.signals.find((signal) => signal.name === name && signal.document >= since)?.at;
    let wake = () => {};
    try {
      return await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${name}" signal`)), timeoutMs);
        wake = () => {
          const at = find();
          if (at === undefined) return;
          clearTimeout(timer);
          resolve(at);
        };
        this.signalled.add(wake);
        wake();
      });
    } catch (error) {
      throw await this.neverDid(what, timeoutMs, error);
    } finally {
      this.signalled.delete(wake);
    }
  }

  /** A load that never got there, with what the page showed instead, so it can be read, not guessed at. */
  private async neverDid(what: string, timeoutMs: number, cause: unknown): Promise<Error> {
    const shown = await this.page
      .evaluate(() => ({
        url: location.href,
        parts: [...document.querySelectorAll('[data-contribution], [data-remote]')].map(
          (part) =>
            `${part.getAttribute('data-contribution') ?? part.getAttribute('data-remote')}: ${part.getAttribute('data-state') ?? ''}${part.hasAttribute('data-held') ? ' (held)' : ''}`,
        ),
        failures: [...document.querySelectorAll('[role=alert], .notice')].map((notice) => notice.textContent),
      }))
      .catch(() => 'unreadable');
    const pending = [...this.tracked.values()].filter((request) => !request.finished).map((request) => request.url);
    return new Error(
      `The page never ${what} within ${timeoutMs} ms; it showed ${JSON.stringify(shown)}; requests unfinished: ${JSON.stringify(pending)}`,
      { cause },
    );
  }

  /** Everything measured since the last reset. */
  async figures(paintMs: number): Promise<LoadFigures> {
    await this.page.waitForTimeout(300); // late long tasks and responses
    const state = (await this.page.evaluate('window.__bench')) as {
      fcp: number;
      longTasks: Array<{ start: number; duration: number }>;
    };
    // The page itself: the hidden silent-sign-in iframe does the same for both apps and is left out.
    const { frameTree } = await this.cdp.send('Page.getFrameTree');
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
        const { body, base64Encoded } = await this.cdp.send('Network.getResponseBody', { requestId });
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
    const timing = (await this.page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const remote = entries.find(
        (entry) => entry.name.endsWith('/mf-manifest.json') && !entry.name.startsWith(location.origin),
      );
      const script = entries.find(
        (entry) => entry.name.startsWith(location.origin) && /\/main\.[0-9a-f]+\.js$/.test(entry.name),
      );
      return { remote: remote ? remote.startTime : -1, script: script ? script.responseEnd : -1 };
    })) as { remote: number; script: number };
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
    const belowFoldScriptsEarly = (await this.page.evaluate(BELOW_FOLD_SCRIPTS_EARLY)) as number;
    const heap = (await this.cdp.send('Runtime.getHeapUsage').catch(() => ({ usedSize: 0 }))) as { usedSize: number };
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
    await this.context.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
