import { createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readdir, readFile, rename, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { ReleaseError } from '../errors';
import type { ObjectStore, StoredObject } from './object-store';

/** A lock older than this was left by a writer that died; it is broken. */
const STALE_LOCK_MS = 30_000;
const LOCK_WAIT_MS = 10_000;

/**
 * The release store in a folder: what nginx serves in `pnpm start`, the tests and a one-machine
 * deployment. `create` publishes a finished file with link(2), which fails when the name exists,
 * so a half-written file is never visible and never overwritten. `replace` compares and renames
 * under a lock directory (mkdir(2) is atomic), and rename(2) swaps the file in one step, so a
 * reader (nginx) sees the old object or the new one, never a mix.
 */
export class DirectoryStore implements ObjectStore {
  readonly where: string;

  constructor(private readonly root: string) {
    this.where = resolve(root);
  }

  private path(key: string): string {
    const path = resolve(this.where, key);
    if (!path.startsWith(this.where + sep))
      throw new ReleaseError('RELEASE_STORE', `The key "${key}" is outside the store.`);
    return path;
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const body = new Uint8Array(await readFile(this.path(key)));
      return { body, etag: etagOf(body) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async create(key: string, body: Uint8Array): Promise<boolean> {
    const path = this.path(key);
    const temporary = await this.writeTemporary(path, body);
    try {
      await link(temporary, path);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    } finally {
      await unlink(temporary).catch(() => undefined);
    }
  }

  async replace(key: string, body: Uint8Array, _contentType: string, etag: string | null): Promise<boolean> {
    const path = this.path(key);
    const temporary = await this.writeTemporary(path, body);
    const release = await lock(`${path}.lock`);
    try {
      const current = await this.get(key);
      if ((current?.etag ?? null) !== etag) return false;
      await rename(temporary, path);
      return true;
    } finally {
      await release();
      await unlink(temporary).catch(() => undefined);
    }
  }

  async write(key: string, body: Uint8Array): Promise<void> {
    const path = this.path(key);
    const temporary = await this.writeTemporary(path, body);
    // rename(2): a reader sees the old file or the new one.
    await rename(temporary, path).catch(async (error: unknown) => {
      await unlink(temporary).catch(() => undefined);
      throw error;
    });
  }

  async remove(key: string): Promise<void> {
    const path = this.path(key);
    await unlink(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    // A folder left empty goes too (a removed build's, a preview's), up to the store's own folder;
    // rmdir(2) refuses one that is not empty, so what another writer just put there stays.
    for (let folder = dirname(path); folder.startsWith(this.where + sep); folder = dirname(folder))
      if (
        !(await rmdir(folder).then(
          () => true,
          () => false,
        ))
      )
        break;
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    const walk = async (folder: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(folder, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        if (entry.name.startsWith('.') || entry.name.endsWith('.lock')) continue;
        const full = join(folder, entry.name);
        if (entry.isDirectory()) await walk(full);
        else keys.push(relative(this.where, full).split(sep).join('/'));
      }
    };
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    await walk(folder ? this.path(folder) : this.where);
    return keys.filter((key) => key.startsWith(prefix)).sort();
  }

  private async writeTemporary(path: string, body: Uint8Array): Promise<string> {
    const temporary = join(dirname(path), `.${randomBytes(8).toString('hex')}.tmp`);
    for (let attempt = 0; ; attempt += 1) {
      // Readable by nginx's unprivileged workers.
      await mkdir(dirname(path), { recursive: true, mode: 0o755 });
      try {
        await writeFile(temporary, body, { mode: 0o644 });
        return temporary;
      } catch (error) {
        // Its folder was removed as it emptied (remove) between the two calls: make it again.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt > 3) throw error;
      }
    }
  }
}

export const etagOf = (body: Uint8Array): string => `"${createHash('sha256').update(body).digest('hex')}"`;

async function lock(path: string): Promise<() => Promise<void>> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      await mkdir(path);
      return () => rmdir(path).catch(() => undefined);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const since = await stat(path).then(
      (info) => Date.now() - info.mtimeMs,
      () => 0,
    );
    if (since > STALE_LOCK_MS) await rmdir(path).catch(() => undefined);
    else if (Date.now() > deadline)
      throw new ReleaseError(
        'RELEASE_STORE',
        `${path} has been locked for ${Math.round(since / 1000)} s by another release; try again, or remove it if no release is running.`,
      );
    else await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
  }
}
