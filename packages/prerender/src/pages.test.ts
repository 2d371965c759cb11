import { pageFiles, pageFor, type PrerenderedPages } from './pages';

const english = {
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
};
const german = {
  exact: new Map([
    ['/', 'Startseite'],
    ['/referrals', 'Empfehlungen'],
  ]),
  under: [{ prefix: '/referrals', html: 'Empfehlungen-Hülle' }],
};
const pages: PrerenderedPages = {
  defaultLocale: 'en',
  locales: new Map([
    ['en', english],
    ['de', german],
  ]),
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

test("a path under no area (not found, the host's own pages) is the browser's to render", () => {
  expect(pageFor(pages, '/referralsx')).toBeUndefined();
  expect(pageFor(pages, '/diagnostics')).toBeUndefined();
  expect(pageFor(pages, '/nowhere')).toBeUndefined();
});

test("as files, a path's page is <path>/index.html and an area's shell for what is under it <route>/_area.html; another language's are under _<locale>/", () => {
  expect(pageFiles(pages)).toEqual([
    { file: '_de/index.html', html: 'Startseite' },
    { file: '_de/referrals/_area.html', html: 'Empfehlungen-Hülle' },
    { file: '_de/referrals/index.html', html: 'Empfehlungen' },
    { file: 'account/_area.html', html: 'account shell' },
    { file: 'account/index.html', html: 'account shell' },
    { file: 'index.html', html: 'home' },
    { file: 'referrals/_area.html', html: 'referrals shell' },
    { file: 'referrals/admin/_area.html', html: 'admin shell' },
    { file: 'referrals/index.html', html: 'referrals with content' },
  ]);
});

test("a language gets its own pages, and one not rendered gets the default language's", () => {
  expect(pageFor(pages, '/', 'de')).toBe('Startseite');
  expect(pageFor(pages, '/referrals/invite', 'de')).toBe('Empfehlungen-Hülle');
  expect(pageFor(pages, '/', 'fr')).toBe('home');
  expect(pageFor(pages, '/')).toBe('home');
});
