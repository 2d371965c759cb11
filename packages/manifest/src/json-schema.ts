import { toJsonSchema } from '@valibot/to-json-schema';
import { MANIFEST_SCHEMA_VERSION, ManifestSchema } from './manifest';

/**
 * The manifest schema as JSON Schema, for editors (`"$schema"`) and other
 * tools. Generated from the same valibot schema the host validates with;
 * `manifest.schema.json` is this, written by `pnpm --filter @mfe/manifest schema`.
 */
export function manifestJsonSchema(): Record<string, unknown> {
  // `typeMode: 'input'`: what authors write (defaults are optional); custom checks are not converted.
  const schema = toJsonSchema(ManifestSchema, { typeMode: 'input', errorMode: 'ignore' }) as {
    properties: { remotes: { items: Record<string, unknown> } };
  };
  // The entry's one custom rule, written by hand: an area (path and label), or neither and contributions.
  schema.properties.remotes.items.anyOf = [
    { required: ['path', 'label'] },
    { required: ['contributions'], not: { anyOf: [{ required: ['path'] }, { required: ['label'] }] } },
  ];
  return {
    $id: `https://mfe.invalid/schemas/remotes-manifest-v${MANIFEST_SCHEMA_VERSION}.json`,
    title: `Runtime manifest of the micro-frontend host (schema version ${MANIFEST_SCHEMA_VERSION})`,
    ...schema,
  };
}
