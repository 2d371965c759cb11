import { hostname, userInfo } from 'node:os';
import { DirectoryStore } from './directory-store';
import type { ObjectStore } from './object-store';
import { S3Store } from './s3-store';

/** A store from its address: a folder, or `s3://bucket/prefix` (with an endpoint for S3-compatible servers). */
export function openStore(address: string, options: { s3Endpoint?: string } = {}): ObjectStore {
  return address.startsWith('s3://')
    ? new S3Store({ url: address, ...(options.s3Endpoint ? { endpoint: options.s3Endpoint } : {}) })
    : new DirectoryStore(address);
}

/**
 * Who is releasing: `--actor`, or what the CI system says, or the account running the command and
 * its machine (from the system's account database when the shell sets no USER, as in containers),
 * so a record never says "unknown".
 */
export function defaultActor(
  env: NodeJS.ProcessEnv = process.env,
  account: () => string = () => `${userInfo().username}@${hostname()}`,
): string {
  const ci = env.GITHUB_ACTOR
    ? `${env.GITHUB_ACTOR} (GitHub Actions${env.GITHUB_RUN_ID ? ` run ${env.GITHUB_RUN_ID}` : ''})`
    : env.GITLAB_USER_LOGIN
      ? `${env.GITLAB_USER_LOGIN} (GitLab CI${env.CI_PIPELINE_ID ? ` pipeline ${env.CI_PIPELINE_ID}` : ''})`
      : undefined;
  if (ci) return ci;
  const user = env.USER || env.USERNAME || env.LOGNAME;
  if (user) return `${user}@${hostname()}`;
  try {
    return account();
  } catch {
    // No account entry (an arbitrary uid): the uid still names who it was.
    return `uid ${process.getuid?.() ?? '?'}@${hostname()}`;
  }
}

/**
 * On Node.js below 22 the S3 SDK prints eight lines on every command (its releases after January
 * 2027 will need Node.js 22). This command supports Node.js 20 today, so it turns the SDK's warning
 * off and returns one line of its own to say instead (to stderr, never into output meant for
 * scripts), unless the operator set the SDK's own variable either way.
 */
export function quietSdkNodeWarning(nodeVersion: string, env: NodeJS.ProcessEnv): string | undefined {
  if (Number(nodeVersion.split('.')[0]) >= 22 || env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED !== undefined)
    return undefined;
  env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  return `note: Node.js ${nodeVersion} runs this command; the S3 SDK's releases after January 2027 need Node.js 22.`;
}
