import { pageDataText, readPageData, PAGE_DATA_ID } from './page-data';

function docWith(text: string | null) {
  return {
    getElementById: (id: string) =>
      id === PAGE_DATA_ID && text !== null ? ({ textContent: text } as HTMLElement) : null,
  };
}

test('reads what the page holds: an area from a given build, or the shell alone', () => {
  expect(
    readPageData(
      docWith(pageDataText({ remote: 'referrals', entry: 'https://cdn.example/referrals/1.2.0/mf-manifest.json' })),
    ),
  ).toEqual({ remote: 'referrals', entry: 'https://cdn.example/referrals/1.2.0/mf-manifest.json' });
  expect(readPageData(docWith(pageDataText({})))).toEqual({});
});

test('a page without data, or with data it cannot trust, is rendered afresh (null)', () => {
  for (const text of [null, '', 'not json', '42', 'null', '{"remote":"referrals"}', '{"remote":7,"entry":"x"}'])
    expect(readPageData(docWith(text))).toBeNull();
});

test('the data cannot close its element, whatever an entry URL holds', () => {
  expect(pageDataText({ remote: 'a', entry: 'https://x/</script><script>alert(1)</script>' })).not.toContain(
    '</script>',
  );
  expect(JSON.parse(pageDataText({ remote: 'a', entry: '</script>' }))).toEqual({ remote: 'a', entry: '</script>' });
});

test('reads the language the HTML is in, and ignores one that is not a locale tag', () => {
  expect(
    readPageData(docWith(pageDataText({ locale: 'de', remote: 'referrals', entry: 'https://cdn.example/r.json' }))),
  ).toEqual({ locale: 'de', remote: 'referrals', entry: 'https://cdn.example/r.json' });
  expect(readPageData(docWith(pageDataText({ locale: 'en-XA' })))).toEqual({ locale: 'en-XA' });
  expect(readPageData(docWith('{"locale":"de\\" onload=\\"x"}'))).toEqual({});
  expect(readPageData(docWith('{"locale":42}'))).toEqual({});
});

test('reads the contributions the HTML holds, leaving out any it cannot read', () => {
  const held = [
    {
      remote: 'referrals',
      module: 'invite-tile',
      entry: 'https://cdn.example/referrals/mf-manifest.json',
      scripts: [{ href: 'https://cdn.example/referrals/remoteEntry.js', integrity: 'sha384-abc' }],
    },
    { remote: 'account', module: 'profile-tile' },
  ];
  expect(readPageData(docWith(pageDataText({ locale: 'en', contributions: held })))).toEqual({
    locale: 'en',
    contributions: held,
  });
  expect(
    readPageData(
      docWith(
        JSON.stringify({
          remote: 'referrals',
          entry: 'https://cdn.example/r.json',
          contributions: [
            ...held,
            { remote: 7 },
            'x',
            null,
            { remote: 'a', module: 'b', entry: 9 },
            { remote: 'a', module: 'b', scripts: [{ href: 1 }] },
          ],
        }),
      ),
    ),
  ).toEqual({ remote: 'referrals', entry: 'https://cdn.example/r.json', contributions: held });
  expect(readPageData(docWith('{"contributions":"all"}'))).toEqual({});
});
