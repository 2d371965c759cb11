/**
 * @jest-environment node
 */
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import * as commands from '../commands';
import { DirectoryStore } from '../store/directory-store';
import { startHost, tempDir, writeBuild } from '../testing/world';
import { ChangeFeed } from './change-feed';

/** An event stream's response as the feed writes to it: what it was sent. */
function listener(): { res: ServerResponse; sent: string[]; close(): void } {
  const emitter = new EventEmitter();
  const sent: string[] = [];
  const res = Object.assign(emitter, {
    writeHead: () => res,
    write: (chunk: string) => sent.push(chunk),
    end: () => undefined,
  }) as unknown as ServerResponse;
  return { res, sent, close: () => emitter.emit('close') };
}

const changes = (sent: readonly string[]) => sent.filter((chunk) => chunk.startsWith('event: change'));

test('a change made just after a page starts listening is told to it, and only once', async () => {
  const dir = tempDir('feed-store');
  const store = new DirectoryStore(dir);
  const host = await startHost(() => dir);
  const ci = { actor: 'ci', reason: '' };
  try {
    await commands.init(store, { publicUrl: `${host.url}/remotes`, hosts: { staging: host.url } }, ci);
    const builds = tempDir('feed-builds');
    for (const version of ['1.0.0', '1.1.0'])
      await commands.publish(store, writeBuild(builds, 'referrals', version), ci);
    await commands.deploy({ store, env: 'staging', who: ci }, 'referrals@1.0.0', { path: '/referrals', label: 'R' });
    const feed = new ChangeFeed(store, 200);
    const page = listener();
    feed.subscribe(page.res);
    try {
      // Within the feed's first interval: before, this was taken as what the store "was".
      await new Promise((resolve) => setTimeout(resolve, 20));
      await commands.deploy({ store, env: 'staging', who: ci }, 'referrals@1.1.0');
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(changes(page.sent)).toHaveLength(1);
      expect(changes(page.sent)[0]).toContain('envs/staging/manifest.json');
    } finally {
      page.close();
      feed.close();
    }
  } finally {
    await host.close();
  }
});
