// The part of Module Federation's runtime the host uses, as types (so tests can supply a fake),
// and how the page's shared modules are read from it (for /diagnostics).
/** The part of the federation runtime the loader uses (so tests can supply a fake). */
export interface FederationRuntime {
  registerRemotes(remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
  registerPlugins?(plugins: FederationPlugin[]): void;
  /** scope → package → version → how it was provided. */
  readonly shareScopeMap?: Record<
    string,
    Record<string, Record<string, { from?: string; loaded?: boolean; useIn?: string[] }>>
  >;
}

/** A shared singleton as the page has it: the version provided, by whom, and who uses it. */
export interface SharedSingleton {
  readonly name: string;
  readonly version: string;
  readonly from: string;
  readonly loaded: boolean;
  readonly usedBy: readonly string[];
}

/** The runtime plugin hooks the host uses. */
export interface FederationPlugin {
  name: string;
  createScript?: (args: {
    url: string;
    attrs?: Record<string, unknown>;
    remoteInfo?: { name?: string };
  }) => HTMLScriptElement | undefined;
  fetch?: (url: string, init: RequestInit) => Promise<Response> | undefined;
  // The phases of a remote's load (load-trace.ts), as the runtime runs them.
  afterLoadEntry?: (args: { remoteInfo: { name: string }; cached?: boolean }) => void;
  beforeInitRemote?: (args: { remoteInfo: { name: string } }) => void;
  afterInitRemote?: (args: { remoteInfo: { name: string }; cached?: boolean }) => void;
  beforeGetExpose?: (args: { moduleInfo: { name: string }; expose: string }) => void;
  afterExecuteFactory?: (args: { moduleInfo: { name: string }; expose: string }) => void;
}

/** Every shared module version registered with the federation runtime (the host's singletons, and anything a remote offered). */
export function sharedModulesOf(runtime: Pick<FederationRuntime, 'shareScopeMap'>): SharedSingleton[] {
  const scopes = runtime.shareScopeMap ?? {};
  return Object.values(scopes).flatMap((packages) =>
    Object.entries(packages).flatMap(([name, versions]) =>
      Object.entries(versions).map(([version, shared]) => ({
        name,
        version,
        from: shared.from ?? '?',
        loaded: shared.loaded === true,
        usedBy: [...(shared.useIn ?? [])],
      })),
    ),
  );
}
