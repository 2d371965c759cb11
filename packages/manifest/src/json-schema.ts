import { toJsonSchema } from '@valibot/to-json-schema';
import { MANIFEST_SCHEMA_VERSION, ManifestSchema } from './manifest';

/**
 * The manifest schema as JSON Schema, for editors (`"$schema"`) and other
 * tools. Generated from the same valibot schema the host validates with;
 * `manifest.schema.json` is this, written by `pnpm --filter @mfe/manifest schema`.
 */
export function manifestJsonSchema(): Record<string, unknown> {
  return {
    $id: `https://mfe.invalid/schemas/remotes-manifest-v${MANIFEST_SCHEMA_VERSION}.json`,
    title: `Runtime manifest of the micro-frontend host (schema version ${MANIFEST_SCHEMA_VERSION})`,
    // `typeMode: 'input'`: what authors write (defaults are optional); custom checks are not representable.
    ...toJsonSchema(ManifestSchema, { typeMode: 'input', errorMode: 'ignore' }),
  };
}
