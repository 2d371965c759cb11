import { writeToolkitVersions } from './standalone';

// Part of this package's build: the versions a standalone remote starts with.
console.log(`wrote ${writeToolkitVersions()}`);
