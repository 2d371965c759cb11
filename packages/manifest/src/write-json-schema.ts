import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { manifestJsonSchema } from './json-schema';

const target = join(__dirname, '..', 'manifest.schema.json');
writeFileSync(target, `${JSON.stringify(manifestJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target}`);
