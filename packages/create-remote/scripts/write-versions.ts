import { writeFileSync } from 'node:fs';
import { VERSIONS_FILE } from '../src/standalone';
import { repositoryVersions } from './repository-versions';

// Part of this package's build: the versions a standalone remote starts with.
writeFileSync(VERSIONS_FILE, `${JSON.stringify(repositoryVersions(), null, 2)}\n`);
console.log(`wrote ${VERSIONS_FILE}`);
