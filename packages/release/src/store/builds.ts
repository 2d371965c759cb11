import { entryProblem, exposesProblem } from '@mfe/manifest/build-contents';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import {
  firstFilesUnrecorded,
  isSri,
  loadedByBrowser,
  notPinnedByEntry,
  readRemoteBuild,
  unrecordedFirstFiles,
} from '@mfe/manifest/remote-build';
import { entryPins, matchesPin, pinsBytes, sri } from '@mfe/manifest/sri';
import { ReleaseError } from '../errors';
import { checkVersion, jsonBytes, KEYS, readJson } from './layout';
import { contentTypeOf, type ObjectStore } from './object-store';
import { alteredFiles, type BuildRecord } from './build-record';

export interface PublishResult {
  readonly record: BuildRecord;
  /** False when this very build was already published (a re-run changes nothing). */
  readonly uploaded: boolean;
}

/**
 * Publishes a remote's build folder under remotes/<name>/<version>/ (the version its build declares,
 * unless `options.version` names it). A version is published once:
 * the same build again is accepted (nothing changes), a different build under a version already
 * taken is refused before any file is written. Source maps are not published (never served).
 */
export async function publishBuild(
  store: ObjectStore,
  dist: string,
  options: { actor: string; now?: () => Date; version?: (declared: string, integrity: string) => string },
): Promise<PublishResult> {
  const read = await readBuildFolder(dist);
  // A version other than the build's own (`pnpm start` names each local build by its hash).
  const build = options.version
    ? { ...read, version: checkVersion(options.version(read.version, read.integrity)) }
    : read;
  const existing = await readJson<BuildRecord>(store, KEYS.buildRecord(build.name, build.version));
  if (existing) {
    const differs = differingFile(existing.value.files, build.files);
    if (differs) throw taken(build.name, build.version, differs);
    // The same build: the stored bytes must still be what was published (a re-run would otherwise
    // vouch for files someone changed in the store since).
    const altered = await alteredFiles(store, existing.value);
    if (altered.length > 0)
      throw new ReleaseError(
        'RELEASE_STORE_ALTERED',
        `${build.name}@${build.version} is published, but the store's copy differs from what was published: ${altered.map(({ key, problem }) => `${key} ${problem}`).join(', ')}. Find out who changed it (\`mfe-release verify\` checks the whole store); a version's files are never rewritten, so publish the fix as a new version.`,
      );
    return { record: existing.value, uploaded: false };
  }
  // Removed by gc: published again only with the same bytes (a version is never reused).
  const removed = await readJson<BuildRecord>(store, KEYS.removedBuild(build.name, build.version));
  const removedDiffers = removed ? differingFile(removed.value.files, build.files) : undefined;
  if (removedDiffers)
    throw new ReleaseError(
      'RELEASE_VERSION_TAKEN',
      `${build.name}@${build.version} was published with different files (${removedDiffers} differs), then removed by gc. A version is published once: build the change with a new version.`,
    );
  for (const [file, body] of build.bodies) {
    const key = KEYS.buildFile(build.name, build.version, file);
    if (await store.create(key, body, contentTypeOf(key))) continue;
    // Left by an earlier publish of this version that stopped half-way, or by a different build.
    const stored = await store.get(key);
    if (!stored || !matchesPin(build.files[file] ?? '', stored.body)) throw taken(build.name, build.version, file);
  }
  const record: BuildRecord = {
    name: build.name,
    version: build.version,
    integrity: build.integrity,
    files: build.files,
    publishedAt: (options.now?.() ?? new Date()).toISOString(),
    actor: options.actor,
  };
  if (!(await store.create(KEYS.buildRecord(build.name, build.version), jsonBytes(record), 'application/json'))) {
    const winner = await readJson<BuildRecord>(store, KEYS.buildRecord(build.name, build.version));
    const differs = winner ? differingFile(winner.value.files, build.files) : null;
    if (differs) throw taken(build.name, build.version, differs);
    return { record: winner!.value, uploaded: false };
  }
  return { record, uploaded: true };
}

export async function readBuildRecord(store: ObjectStore, name: string, version: string): Promise<BuildRecord> {
  const record = await readJson<BuildRecord>(store, KEYS.buildRecord(name, version));
  if (!record)
    throw new ReleaseError(
      'RELEASE_NOT_FOUND',
      `${name}@${version} is not published in ${store.where}: run \`mfe-release publish <its dist folder>\` first.`,
    );
  return record.value;
}

interface BuildFolder {
  readonly name: string;
  readonly version: string;
  readonly integrity: string;
  readonly files: Record<string, string>;
  readonly bodies: ReadonlyMap<string, Uint8Array>;
}

async function readBuildFolder(dist: string): Promise<BuildFolder> {
  const invalid = (why: string) =>
    new ReleaseError(
      'RELEASE_BUILD_INVALID',
      `${dist} is not a remote's production build: ${why}. Build it with \`pnpm build\` (the platform's preset writes both).`,
    );
  const json = async (file: string): Promise<unknown> => {
    try {
      return JSON.parse(await readFile(join(dist, file), 'utf8'));
    } catch (error) {
      throw invalid(`${file} could not be read (${(error as Error).message})`);
    }
  };
  const manifest = (await json('mf-manifest.json')) as { name?: unknown };
  const name = typeof manifest.name === 'string' ? manifest.name : undefined;
  const version = readRemoteBuild(manifest).version;
  if (!name) throw invalid('mf-manifest.json has no "name"');
  if (!version) throw invalid('mf-manifest.json has no build version (metaData.buildInfo.buildVersion)');
  checkVersion(version);
  const integrity = ((await json('integrity.json')) as Record<string, unknown>)['remoteEntry.js'];
  if (!isSri(integrity)) throw invalid('integrity.json has no hash for remoteEntry.js');
  const bodies = new Map<string, Uint8Array>();
  for (const path of await walk(dist)) {
    const file = relative(dist, path).split(sep).join('/');
    if (!file.endsWith('.map')) bodies.set(file, new Uint8Array(await readFile(path)));
  }
  const entry = bodies.get('remoteEntry.js');
  if (!entry) throw invalid('there is no remoteEntry.js');
  // The pinned hash must be of these bytes, or every host would refuse the remote.
  if (!matchesPin(integrity, entry))
    throw invalid('remoteEntry.js does not match the hash in integrity.json (was the folder changed after the build?)');
  refuseUnpinned(dist, manifest, entry, bodies);
  // A build a host could not run: nothing to render, or an entry it cannot load.
  const shape = exposesProblem(manifest, { area: false }) ?? entryProblem(entry);
  if (shape) throw new ReleaseError('RELEASE_BUILD_INVALID', `${dist}: ${shape}. Nothing was published.`);
  const files = Object.fromEntries([...bodies].map(([file, body]) => [file, sri(body)]));
  return { name, version, integrity, files, bodies };
}

/**
 * Integrity checked, not trusted, whoever built it: every script and stylesheet in the folder must be
 * pinned by its entry (its hash in the entry's runtime), and the first files of its modules recorded
 * for the host's hints. A build whose runtime loads chunks as they come would run an altered one.
 */
function refuseUnpinned(
  dist: string,
  manifest: unknown,
  entry: Uint8Array,
  bodies: ReadonlyMap<string, Uint8Array>,
): void {
  // The entry's integrity tables, parsed once: what its loader sets on each file it loads.
  const pins = entryPins(entry);
  const unpinned = [...bodies].filter(([file, body]) => loadedByBrowser(file) && !pinsBytes(pins, body));
  // Pins that match no file of the folder: files changed after the build, not files left unpinned.
  const matched = new Set([...bodies.values()].flatMap((body) => [...pins].filter((pin) => matchesPin(pin, body))));
  const orphans = [...pins].filter((pin) => !matched.has(pin));
  if (unpinned.length > 0 && orphans.length > 0)
    throw new ReleaseError(
      'RELEASE_BUILD_INVALID',
      `${dist}: the bytes of ${unpinned.map(([file]) => file).join(', ')} do not match the pins its remoteEntry.js carries (${orphans.length} of them ${orphans.length === 1 ? 'matches' : 'match'} no file of the folder): ${unpinned.length === 1 ? 'was it' : 'were they'} changed after the build? Publish the folder as it was built. Nothing was published.`,
    );
  if (unpinned.length > 0)
    throw new ReleaseError(
      'RELEASE_BUILD_INVALID',
      `${dist}: ${notPinnedByEntry(unpinned.map(([file]) => file))}. Nothing was published.`,
    );
  const unrecorded = unrecordedFirstFiles(manifest);
  if (unrecorded.length > 0)
    throw new ReleaseError(
      'RELEASE_BUILD_INVALID',
      `${dist}: ${firstFilesUnrecorded(unrecorded)}. Nothing was published.`,
    );
}

async function walk(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? walk(join(folder, entry.name)) : [join(folder, entry.name)])),
  );
  return nested.flat().sort();
}

function differingFile(
  published: Readonly<Record<string, string>>,
  candidate: Readonly<Record<string, string>>,
): string | null {
  const names = new Set([...Object.keys(published), ...Object.keys(candidate)]);
  for (const name of [...names].sort()) if (published[name] !== candidate[name]) return name;
  return null;
}

const taken = (name: string, version: string, file: string) =>
  new ReleaseError(
    'RELEASE_VERSION_TAKEN',
    `${name}@${version} is already published with different files (${file} differs). A version is published once: build the change with a new version.`,
  );
