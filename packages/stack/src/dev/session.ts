import { DEMO_USERS } from '@mfe/dev-idp';
import { startStack } from '../stack';
import type { DevRemote } from '../topology';
import { msSinceCommandStarted } from './command-clock';
import { startRemoteDevServer } from './remote-server';

export interface DevSessionOptions {
  /** The remote being developed: its folder (with webpack.config.js) and manifest entry. */
  readonly appDir: string;
  readonly remote: Omit<DevRemote, 'dist'>;
  /** Its dev server's port. */
  readonly port: number;
  /** The host's port; every other port follows from it (topology.ts). */
  readonly hostPort: number;
  /** The host's development build (see host-build.ts). */
  readonly hostDist: string;
  /** The repository's other remotes, from their production builds (none for a standalone remote). */
  readonly otherRemotes?: readonly DevRemote[];
}

export interface DevSession {
  /** The remote's page in the host. */
  readonly url: string;
  readonly banner: string;
  close(): Promise<void>;
}

/**
 * The commands' last step: prints the banner and the `DEV READY <url>` line (which tools and tests
 * wait for), and stops everything on Ctrl+C or SIGTERM.
 */
export function runUntilStopped(session: DevSession): void {
  console.log(`${session.banner}\nDEV READY ${session.url}`);
  const stop = async () => {
    await session.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

/** One feature area in development inside a real host: its dev server, the host's development build, the dev provider. */
export async function startDevSession(options: DevSessionOptions): Promise<DevSession> {
  const remoteServer = await startRemoteDevServer({ appDir: options.appDir, port: options.port });
  try {
    const stack = await startStack({
      hostPort: options.hostPort,
      hostDist: options.hostDist,
      remotes: [
        ...(options.otherRemotes ?? []).filter((remote) => remote.name !== options.remote.name),
        options.remote,
      ],
      liveRemotes: { [options.remote.name]: remoteServer.origin },
      overrides: true,
      dpop: 'auto',
    });
    const url = `${stack.hostUrl}${options.remote.path}`;
    const user = DEMO_USERS[0]!;
    const banner = `
  ${options.remote.label} in development: ${url}   (Fast Refresh on save; ready ${(msSinceCommandStarted() / 1000).toFixed(1)} s after the command started)
  Sign in as ${user.username} / ${user.password}
  ${options.remote.name}: dev server ${remoteServer.origin}${options.otherRemotes?.length ? '; others from their production builds (pnpm build to refresh them)' : ''}.
  Press Ctrl+C to stop.`;
    return { url, banner, close: async () => void (await Promise.all([stack.close(), remoteServer.close()])) };
  } catch (error) {
    await remoteServer.close();
    throw error;
  }
}
