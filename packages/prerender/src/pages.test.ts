import { pageFiles, pageFor, type PrerenderedPages } from './pages';

const pages: PrerenderedPages = {
  exact: new Map([
    ['/', 'home'],
    ['/referrals', 'referrals with content'],
    ['/account', 'account shell'],
  ]),
  under: [
    { prefix: '/referrals/admin', html: 'admin shell' },
    { prefix: '/referrals', html: 'referrals shell' },
    { prefix: '/account', html: 'account shell' },
  ],
  warnings: [],
};

test('a path gets its own page, else the shell of the area it is under (the longest prefix)', () => {
  expect(pageFor(pages, '/')).toBe('home');
  expect(pageFor(pages, '/referrals')).toBe('referrals with content');
  expect(pageFor(pages, '/referrals/')).toBe('referrals with content');
  expect(pageFor(pages, '/referrals/invite')).toBe('referrals shell');
  expect(pageFor(pages, '/referrals/admin/x')).toBe('admin shell');
  expect(pageFor(pages, '/account/profile')).toBe('account shell');
});

test('a path under no area (not found, the host\'s own pages) is the browser\'s to render', () => {
  expect(pageFor(pages, '/referralsx')).toBeUndefined();
  expect(pageFor(pages, '/diagnostics')).toBeUndefined();
  expect(pageFor(pages, '/nowhere')).toBeUndefined();
});

test('as files, a path\'s page is <path>/index.html and an area\'s shell for what is under it <route>/_area.html', () => {
  expect(pageFiles(pages)).toEqual([
    { file: 'account/_area.html', html: 'account shell' },
    { file: 'account/index.html', html: 'account shell' },
    { file: 'index.html', html: 'home' },
    { file: 'referrals/_area.html', html: 'referrals shell' },
    { file: 'referrals/admin/_area.html', html: 'admin shell' },
    { file: 'referrals/index.html', html: 'referrals with content' },
  ]);
});
