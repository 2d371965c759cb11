import { buildRecordFor } from '@mfe/deploy';
import { KEYS } from './layout';

// The remotes' server (nginx's config and the development stack, from @mfe/deploy) serves a release
// store's remotes/ only where a build record names the version: its rule must be this layout's.
test("the remotes' server finds a published file's build record where publish writes it", () => {
  const served = (key: string) => `/${key.slice('remotes/'.length)}`;
  const record = (name: string, version: string) => KEYS.buildRecord(name, version).slice('builds/'.length);
  for (const [name, version, file] of [
    ['referrals', '1.4.0', 'remoteEntry.js'],
    ['account', '2.0.0-rc.1+abc', 'static/js/chunk.0123abcd.js'],
  ] as const)
    expect(buildRecordFor(served(KEYS.buildFile(name, version, file)))).toBe(record(name, version));
  expect(buildRecordFor(served(KEYS.preview('abc123')))).toBe('itself');
  expect(KEYS.preview('abc123').startsWith(KEYS.previews)).toBe(true);
});
