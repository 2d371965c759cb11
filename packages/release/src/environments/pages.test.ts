/**
 * @jest-environment node
 */
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectoryStore } from '../store/directory-store';
import { environmentPages } from './pages';

const settings = { publicUrl: 'https://cdn.example.com', hosts: {}, hostBuilds: { production: '/srv/host' } };

function setUp() {
  const root = mkdtempSync(join(tmpdir(), 'mfe-pages-'));
  const store = new DirectoryStore(root);
  return { root, store, pages: environmentPages(store, 'production', settings, 'https://app.example.com')! };
}

test('an environment without a recorded host build has no pages', () => {
  const store = new DirectoryStore(mkdtempSync(join(tmpdir(), 'mfe-pages-')));
  expect(environmentPages(store, 'staging', settings, 'https://staging.example.com')).toBeUndefined();
});

test('the new pages replace the old ones, and a page the new manifest has not is removed', async () => {
  const { root, pages } = setUp();
  await pages.write({
    files: [
      { file: 'index.html', html: 'home 1' },
      { file: 'old/index.html', html: 'old area' },
    ],
    warnings: [],
  });
  const said = await pages.write({
    files: [
      { file: 'index.html', html: 'home 2' },
      { file: 'referrals/_area.html', html: 'shell' },
    ],
    warnings: ['canary: a canary is running'],
  });
  expect(readFileSync(join(root, 'envs/production/pages/index.html'), 'utf8')).toBe('home 2');
  expect(readFileSync(join(root, 'envs/production/pages/referrals/_area.html'), 'utf8')).toBe('shell');
  expect(existsSync(join(root, 'envs/production/pages/old/index.html'))).toBe(false);
  expect(said).toEqual([
    expect.stringMatching(/^✔ production's prerendered pages: 2 files/),
    '⚠ canary: a canary is running',
  ]);
});

test('pages that cannot be rendered leave none behind (the browser renders every page) and say how to try again', async () => {
  const { root, pages } = setUp();
  await pages.write({ files: [{ file: 'index.html', html: 'home 1' }], warnings: [] });
  const said = await pages.write({ failed: 'the host build is missing' });
  expect(existsSync(join(root, 'envs/production/pages/index.html'))).toBe(false);
  expect(said).toEqual([
    expect.stringContaining(
      'could not be prerendered (the host build is missing); every page renders in the browser until they can: fix it and run `mfe-release pages --env production`',
    ),
  ]);
});

test('a render that fails (the host does not answer) is a value, not an exception', async () => {
  const failing = (async () => new Response('no', { status: 503 })) as typeof fetch;
  const store = new DirectoryStore(mkdtempSync(join(tmpdir(), 'mfe-pages-')));
  const rendered = await environmentPages(store, 'production', settings, 'https://app.example.com', failing)!.render({
    schemaVersion: 1,
    remotes: [],
  });
  expect(rendered).toEqual({ failed: "the host's config.json answered HTTP 503" });
});
