import { anchorOf, headings, pnpmCommands, relativeLinks } from './markdown';

test('relative links are read from prose, not from code, and URLs are not relative', () => {
  const text = [
    'See [the guide](docs/guide.md#start-here) and [a site](https://example.com).',
    '`[not](a-link.md)`',
    '```',
    '[nor](this.md)',
    '```',
    '[Folder](packages/x/)',
  ].join('\n');
  expect(relativeLinks(text)).toEqual([
    { target: 'docs/guide.md#start-here', line: 1 },
    { target: 'packages/x/', line: 6 },
  ]);
});

test("headings become GitHub's anchors", () => {
  expect(anchorOf('The runtime manifest (`remotes.json`)')).toBe('the-runtime-manifest-remotesjson');
  expect(headings('# Start here\ntext\n## 4. Pages, from HTML')).toEqual(['start-here', '4-pages-from-html']);
});

test('pnpm commands in code name their script and the package they run in', () => {
  const text =
    'Run `pnpm bench --only x` or `pnpm --silent release history`.\n```sh\npnpm --filter @mfe/stack start\nnpx -y pnpm@10.34.9 test\n```';
  expect(pnpmCommands(text)).toEqual([
    { script: 'bench', line: 1 },
    { script: 'release', line: 1 },
    { script: 'start', filter: '@mfe/stack', line: 3 },
    { script: 'test', line: 4 },
  ]);
});
