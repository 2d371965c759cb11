/** @jest-environment jsdom */
import { sayShellUnavailable } from './shell-unavailable';

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.lang = '';
});

test('says at the top of the page, in place of the placeholder, that the page could not finish loading, with a reload', async () => {
  document.documentElement.lang = 'en';
  document.body.innerHTML = '<div id="root"><main><p class="boot" role="status">Loading…</p></main></div>';
  await sayShellUnavailable();
  const notice = document.body.firstElementChild as HTMLElement;
  expect(notice.getAttribute('role')).toBe('alert');
  expect(notice.querySelector('p')?.textContent).toBe(
    'This page could not finish loading. Check your connection, then reload.',
  );
  expect(notice.querySelector('button')?.textContent).toBe('Reload');
  expect(document.querySelector('.boot')).toBeNull();
});

test("says it in the page's language", async () => {
  document.documentElement.lang = 'de';
  await sayShellUnavailable();
  expect(document.querySelector('[role=alert] button')?.textContent).toBe('Neu laden');
});

test('says it in English in a language the shell has no texts for', async () => {
  document.documentElement.lang = 'fi';
  await sayShellUnavailable();
  expect(document.querySelector('[role=alert] button')?.textContent).toBe('Reload');
});
