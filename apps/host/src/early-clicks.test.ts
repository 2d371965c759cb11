import { EARLY_CLICKS_SCRIPT } from '@mfe/manifest/early-clicks';
import { replayEarlyClicks } from './early-clicks';

/** Runs the page's inline script as the browser does, first thing in the page (jsdom runs no inline script itself). */
// eslint-disable-next-line no-new-func -- the script is this package's own constant, the very bytes the page carries
const runInlineScript = () => new Function(EARLY_CLICKS_SCRIPT)();

beforeEach(() => {
  delete (window as unknown as Record<string, unknown>).__mfeEarlyClicks;
  document.body.innerHTML =
    '<div id="root"><button id="invite">Invite</button><a href="/x"><span role="button" id="in-link">x</span></a><input type="button" id="send"></div><button id="outside">Out</button>';
});

test('a click on a control in the page before the host runs is held (its default stopped), then answered once', () => {
  runInlineScript();
  const answered: string[] = [];
  const invite = document.getElementById('invite')!;
  const click = new MouseEvent('click', { bubbles: true, cancelable: true });
  invite.dispatchEvent(click);
  invite.click();
  document.getElementById('send')!.click();
  expect(click.defaultPrevented).toBe(true);
  // The host's listeners arrive; the held controls are clicked again, each once.
  document.addEventListener('click', (event) => answered.push((event.target as Element).id));
  expect(replayEarlyClicks()).toBe(2);
  expect(answered).toEqual(['invite', 'send']);
  // No longer held afterwards: a click goes straight through.
  const later = new MouseEvent('click', { bubbles: true, cancelable: true });
  invite.dispatchEvent(later);
  expect(later.defaultPrevented).toBe(false);
  expect(replayEarlyClicks()).toBe(0);
});

test('links, controls inside links and anything outside the page root are left alone', () => {
  runInlineScript();
  for (const id of ['in-link', 'outside']) {
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById(id)!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  }
  expect(replayEarlyClicks()).toBe(0);
});

test('a held control the page has since removed is not clicked', () => {
  runInlineScript();
  document.getElementById('invite')!.click();
  document.getElementById('invite')!.remove();
  expect(replayEarlyClicks()).toBe(0);
});
