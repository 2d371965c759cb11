import committed from '../manifest.schema.json';
import { manifestJsonSchema } from './json-schema';

test('the committed manifest.schema.json matches the schema the host validates with (run "pnpm --filter @mfe/manifest schema")', () => {
  expect(committed).toEqual(manifestJsonSchema());
});

test('the JSON Schema describes every entry field and forbids unknown ones', () => {
  const schema = manifestJsonSchema() as {
    properties: { remotes: { items: { properties: object; additionalProperties: unknown; required: string[] } } };
  };
  const entry = schema.properties.remotes.items;
  expect(Object.keys(entry.properties)).toEqual(
    expect.arrayContaining(['name', 'entry', 'path', 'label', 'order', 'requiresAuth', 'requires', 'timeoutMs']),
  );
  expect(entry.required).toEqual(expect.arrayContaining(['name', 'entry']));
  // An area (path and label), or a remote that only contributes (neither, and contributions).
  expect((entry as { anyOf?: unknown }).anyOf).toEqual([
    { required: ['path', 'label'] },
    { required: ['contributions'], not: { anyOf: [{ required: ['path'] }, { required: ['label'] }] } },
  ]);
  expect(entry.additionalProperties).toBe(false);
});
