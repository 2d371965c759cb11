import { storeObjectCacheControl } from '@mfe/deploy/headers';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutBucketCorsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { CorsRule } from './cors';
import { ReleaseError } from '../errors';
import type { ObjectStore, StoredObject } from './object-store';

export interface S3StoreOptions {
  /** `s3://bucket/optional/prefix` */
  readonly url: string;
  /** An S3-compatible endpoint other than AWS's (path-style requests then). */
  readonly endpoint?: string;
  readonly region?: string;
  /** Otherwise the SDK's usual chain (AWS_ACCESS_KEY_ID…, profiles, instance roles). */
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
}

/**
 * The release store in S3-compatible object storage. Conditional writes (`If-None-Match: *` to
 * create, `If-Match: <etag>` to replace; AWS S3 since 2024, also R2, MinIO, Ceph) make it safe for
 * concurrent releases on servers that honour them; a server that ignores them (s3rver, used in
 * this repository's tests) is caught only after the fact, by reading a created object back.
 */
export class S3Store implements ObjectStore {
  readonly where: string;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3StoreOptions) {
    const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(options.url);
    if (!match)
      throw new ReleaseError(
        'RELEASE_USAGE',
        `"${options.url}" is not an S3 store address: write s3://<bucket>[/<prefix>].`,
      );
    this.bucket = match[1]!;
    this.prefix = match[2] ? `${match[2].replace(/\/$/, '')}/` : '';
    this.where = options.url;
    this.client = new S3Client({
      region: options.region ?? process.env.AWS_REGION ?? 'us-east-1',
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
    });
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
      return { body: await answer.Body!.transformToByteArray(), etag: answer.ETag ?? '' };
    } catch (error) {
      if (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404))
        return null;
      throw storeError(error, this.where);
    }
  }

  async create(key: string, body: Uint8Array, contentType: string): Promise<boolean> {
    // Redundant where If-None-Match is honoured; elsewhere it keeps a taken key from being overwritten but by a race.
    if (await this.exists(key)) return false;
    if (!(await this.put(key, body, contentType, { IfNoneMatch: '*' }))) return false;
    // A server that ignores If-None-Match accepted a second writer too: the bytes read back tell.
    const stored = await this.get(key);
    return stored !== null && Buffer.from(stored.body).equals(Buffer.from(body));
  }

  private async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
      return true;
    } catch (error) {
      if (error instanceof S3ServiceException && (error.name === 'NotFound' || error.$metadata.httpStatusCode === 404))
        return false;
      throw storeError(error, this.where);
    }
  }

  replace(key: string, body: Uint8Array, contentType: string, etag: string | null): Promise<boolean> {
    return this.put(key, body, contentType, etag === null ? { IfNoneMatch: '*' } : { IfMatch: etag });
  }

  async write(key: string, body: Uint8Array, contentType: string): Promise<void> {
    await this.put(key, body, contentType, {});
  }

  /** Sets the bucket's CORS rules (what hosts reading it directly need: cors.ts). */
  async applyCors(rules: readonly CorsRule[]): Promise<void> {
    try {
      await this.client.send(
        new PutBucketCorsCommand({
          Bucket: this.bucket,
          CORSConfiguration: { CORSRules: rules.map((rule) => ({ ...rule })) },
        }),
      );
    } catch (error) {
      throw storeError(error, this.where);
    }
  }

  async remove(key: string): Promise<void> {
    await this.client
      .send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }))
      .catch((error: unknown) => Promise.reject(storeError(error, this.where)));
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client
        .send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: this.prefix + prefix,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        )
        .catch((error: unknown) => Promise.reject(storeError(error, this.where)));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key.slice(this.prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  private async put(
    key: string,
    body: Uint8Array,
    contentType: string,
    condition: { IfNoneMatch: string } | { IfMatch: string } | Record<string, never>,
  ): Promise<boolean> {
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.prefix + key,
          Body: body,
          ContentType: contentType,
          CacheControl: storeObjectCacheControl(key),
          ...condition,
        }),
      );
      return true;
    } catch (error) {
      // 412: the condition failed; 409: a concurrent conditional write to the same key won.
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
      if (status === 412 || status === 409) return false;
      throw storeError(error, this.where);
    }
  }
}

/** Versioned builds never change; what says which build is current is read fresh every time. */

function storeError(error: unknown, where: string): ReleaseError {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new ReleaseError(
    'RELEASE_STORE',
    `The store ${where} could not be used (${detail}). Check its address, the endpoint and the credentials.`,
  );
}
