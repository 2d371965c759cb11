/**
 * The development and test topology's ports, in one place: the host's port and the rules that
 * place everything else from it. The stack (`pnpm start`, `pnpm dev`), the browser tests' launchers,
 * the benchmark, the dev provider's command, `create-remote` and `mfe-dev` all read it (here, in a
 * published package, because the published scaffold and `mfe-dev` need it too); the development
 * remote list and runtime config are @mfe/stack's (topology.ts, dev-config.ts).
 *
 * Everything is on `localhost` (the provider's cookies and the host must be same-site, and origins
 * must match exactly: `localhost` is not `127.0.0.1`), placed relative to the host's port so that a
 * whole stack moves with one number (`--base-port`, or a free block in tests).
 */
export const DEFAULT_HOST_PORT = 3000;

export interface StackTopology {
  readonly host: number;
  /** The development OpenID provider. */
  readonly idp: number;
  /** The development API beside it (the resource server feature areas call). */
  readonly api: number;
  /** The first port for remotes beyond the development manifest (test fixtures), one each upwards. */
  readonly extraRemotes: number;
  /** The local telemetry collector (it records what it gets, for tests). */
  readonly collector: number;
  /** The production metrics collector (@mfe/metrics-collector): browsers post here... */
  readonly metricsCollector: number;
  /** ...and Prometheus scrapes it here. */
  readonly metricsCollectorScrape: number;
  /** Prometheus, where a test runs one. */
  readonly prometheus: number;
  /** An S3-protocol server (s3rver), where a test keeps a release store in a bucket. */
  readonly s3: number;
  /** A stand-in third-party tag server (production-path tests). */
  readonly tags: number;
  /** One server for every remote's versioned files (the production path through nginx). */
  readonly remotesServer: number;
  /** The release service (`mfe-release serve`): the rollouts' controller and its console. */
  readonly releaseService: number;
  /** Where a remote of the development manifest is served: its port moved with the host's. */
  remote(devPort: number): number;
}

export function topology(hostPort: number = DEFAULT_HOST_PORT): StackTopology {
  return {
    host: hostPort,
    idp: hostPort + 100,
    extraRemotes: hostPort + 50,
    collector: hostPort + 60,
    tags: hostPort + 61,
    api: hostPort + 62,
    metricsCollector: hostPort + 63,
    metricsCollectorScrape: hostPort + 64,
    prometheus: hostPort + 102,
    s3: hostPort + 65,
    remotesServer: hostPort + 1,
    releaseService: hostPort + 66,
    remote: (devPort) => hostPort + devPort - DEFAULT_HOST_PORT,
  };
}

/** The URL of a local server of the stack. */
export function localUrl(port: number): string {
  return `http://localhost:${port}`;
}
