import { createPageTitles } from './page-titles';

test('an area names its page, and clearing it only clears its own title', () => {
  const titles = createPageTitles();
  const seen: unknown[] = [];
  titles.subscribe(() => seen.push(titles.get()));
  titles.set('account', 'Provider profile');
  expect(titles.get()).toEqual({ remote: 'account', title: 'Provider profile' });
  titles.set('referrals', null);
  expect(titles.get()).toEqual({ remote: 'account', title: 'Provider profile' });
  titles.set('account', null);
  expect(titles.get()).toBeNull();
  expect(seen).toEqual([{ remote: 'account', title: 'Provider profile' }, null]);
});

test('titles are single-line, trimmed and bounded; the same title does not notify twice', () => {
  const titles = createPageTitles();
  let notified = 0;
  titles.subscribe(() => (notified += 1));
  titles.set('account', `  Claims\n\tof   you ${'x'.repeat(200)}`);
  titles.set('account', `Claims of you ${'x'.repeat(200)}`);
  expect(titles.get()?.title).toMatch(/^Claims of you x+$/);
  expect(titles.get()?.title).toHaveLength(80);
  expect(notified).toBe(1);
  titles.set('account', '   ');
  expect(titles.get()).toBeNull();
});
