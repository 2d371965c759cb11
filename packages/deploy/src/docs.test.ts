/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENV_VARIABLES } from './env-config';

// The production guide's table of variables is kept true by this test, not by memory.
const guide = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'operations', 'production.md'), 'utf8');
const rows = [...guide.matchAll(/^\|\s*`(MFE_[A-Z0-9_]+)`\s*\|\s*`([^`]+)`\s*\|/gm)].map(([, name, field]) => ({
  name,
  field,
}));

test('the production guide lists every variable the config writer reads, with its field, and no other', () => {
  const tableNames = new Set(rows.map((row) => row.name));
  expect(ENV_VARIABLES.filter((variable) => !tableNames.has(variable.name)).map((variable) => variable.name)).toEqual(
    [],
  );
  expect(
    rows.filter((row) => !ENV_VARIABLES.some((variable) => variable.name === row.name && variable.field === row.field)),
  ).toEqual([]);
});
