// oidc-provider ships no types for its own memory adapter module; the dev provider names it
// explicitly (provider.ts) instead of taking it as the default.
declare module 'oidc-provider/lib/adapters/memory_adapter.js' {
  import type { Configuration } from 'oidc-provider';
  export function createMemoryAdapter(clockTolerance?: number): NonNullable<Configuration['adapter']>;
}
