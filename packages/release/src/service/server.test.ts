/**
 * @jest-environment node
 */
import { DirectoryStore } from '../store/directory-store';
import type { ObjectStore } from '../store/object-store';
import { tempDir } from '../testing/world';
import { startReleaseService } from './server';

test('a service whose first look is still under way answers its health check as on schedule', async () => {
  const folder = new DirectoryStore(tempDir('health-store'));
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  // A store slow to list (a bucket far away): the first look waits on it.
  const store: ObjectStore = Object.assign(Object.create(folder) as ObjectStore, {
    list: async (prefix: string) => {
      await held;
      return folder.list(prefix);
    },
  });
  const service = await startReleaseService({ store, host: '127.0.0.1', port: 0, lookEveryMs: 60_000 });
  try {
    const health = await fetch(`${service.url}/healthz`);
    expect([health.status, ((await health.json()) as { status: string; lastLookAt: number | null }).status]).toEqual([
      200,
      'ok',
    ]);
  } finally {
    release();
    await service.close();
  }
});
