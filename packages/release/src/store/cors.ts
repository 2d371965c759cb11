import type { StoreSettings } from './layout';

/**
 * What a bucket that browsers read from directly needs: hosts read an environment's manifest, its
 * pages' data and preview manifests with CORS `fetch`es, and a preview's expiry is judged by the
 * response's `Date` (the store's clock, not the device's), which a cross-origin script can read
 * only when the bucket exposes it. Only the environments' hosts' origins, only reads.
 */
export interface CorsRule {
  readonly AllowedOrigins: string[];
  readonly AllowedMethods: string[];
  readonly AllowedHeaders: string[];
  readonly ExposeHeaders: string[];
  readonly MaxAgeSeconds: number;
}

export function bucketCorsRules(settings: StoreSettings): CorsRule[] {
  const origins = [...new Set(Object.values(settings.hosts).map((host) => new URL(host).origin))].sort();
  return [
    {
      AllowedOrigins: origins,
      AllowedMethods: ['GET', 'HEAD'],
      AllowedHeaders: ['*'],
      ExposeHeaders: ['Date', 'ETag'],
      MaxAgeSeconds: 3600,
    },
  ];
}
