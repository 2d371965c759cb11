import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDevHost } from '@mfe/stack';

// The package's `host/`: this repository's host built for development with the Fast Refresh
// runtime, shipped prebuilt so a feature area in its own repository needs no host sources.
const here = dirname(fileURLToPath(import.meta.url));
await buildDevHost(join(here, '..', '..', '..', 'apps', 'host'), join(here, '..', 'host'));
