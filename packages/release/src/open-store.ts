import { DirectoryStore } from './directory-store';
import type { ObjectStore } from './object-store';
import { S3Store } from './s3-store';

/** A store from its address: a folder, or `s3://bucket/prefix` (with an endpoint for S3-compatible servers). */
export function openStore(address: string, options: { s3Endpoint?: string } = {}): ObjectStore {
  return address.startsWith('s3://')
    ? new S3Store({ url: address, ...(options.s3Endpoint ? { endpoint: options.s3Endpoint } : {}) })
    : new DirectoryStore(address);
}

/** Who is releasing: `--actor`, or what the CI system says, or the account running the command. */
export function defaultActor(env: NodeJS.ProcessEnv = process.env): string {
  const ci = env.GITHUB_ACTOR
    ? `${env.GITHUB_ACTOR} (GitHub Actions${env.GITHUB_RUN_ID ? ` run ${env.GITHUB_RUN_ID}` : ''})`
    : env.GITLAB_USER_LOGIN
      ? `${env.GITLAB_USER_LOGIN} (GitLab CI${env.CI_PIPELINE_ID ? ` pipeline ${env.CI_PIPELINE_ID}` : ''})`
      : undefined;
  return ci ?? env.USER ?? env.USERNAME ?? 'unknown';
}
