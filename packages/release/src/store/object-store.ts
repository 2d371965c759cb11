/**
 * The few operations the release store needs from where it keeps its objects. Every write that
 * decides an environment's state is conditional, so two writers never overwrite each other
 * silently: `create` only when nothing is there, `replace` only when the object is still the one
 * read (its etag).
 */
export interface ObjectStore {
  /** Where it is, for messages (a folder, or `s3://bucket/prefix`). */
  readonly where: string;
  get(key: string): Promise<StoredObject | null>;
  /** Writes only if no object has the key; false if one has. */
  create(key: string, body: Uint8Array, contentType: string): Promise<boolean>;
  /** Writes only if the object is still the one with `etag` (null: still absent); false otherwise. */
  replace(key: string, body: Uint8Array, contentType: string, etag: string | null): Promise<boolean>;
  /** Keys under a prefix, sorted. */
  list(prefix: string): Promise<string[]>;
  /**
   * Unconditional writes and removals, only for what is derived from a decided state and can be
   * made again from it (an environment's pages), and for `gc`'s removal of what no state uses
   * (expired previews, builds no recent revision references): never for what decides one.
   */
  write(key: string, body: Uint8Array, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
}

export interface StoredObject {
  readonly body: Uint8Array;
  readonly etag: string;
}

export const contentTypeOf = (key: string): string => {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return (
    {
      js: 'text/javascript; charset=utf-8',
      mjs: 'text/javascript; charset=utf-8',
      json: 'application/json; charset=utf-8',
      css: 'text/css; charset=utf-8',
      html: 'text/html; charset=utf-8',
      svg: 'image/svg+xml',
      png: 'image/png',
      woff2: 'font/woff2',
      txt: 'text/plain; charset=utf-8',
      map: 'application/json',
    }[extension] ?? 'application/octet-stream'
  );
};
