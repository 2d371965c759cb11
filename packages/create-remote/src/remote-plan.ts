// What the scaffold decided for a new area (scaffold.ts's planRemote), read by the template writer
// and the variants.

export interface RemotePlan {
  readonly name: string;
  readonly route: string;
  readonly label: string;
  /** Port with the default host port (`DEFAULT_HOST_PORT`). */
  readonly port: number;
  readonly order: number;
  /** An area rendered in a root of its own (decision 0019): on this React major, or without React; absent: the host's tree. */
  readonly react?: number | 'none';
  /** Built with Rspack or Rsbuild through the preset (bundlers.ts); absent: webpack. */
  readonly bundler?: 'rspack' | 'rsbuild';
}
