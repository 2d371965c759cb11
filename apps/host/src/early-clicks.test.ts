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

test('a click on a control in the page before the host runs is kept (its default stopped), then answered once', () => {
  runInlineScript();
  const answered: string[] = [];
  const invite = document.getElementById('invite')!;
  const click = new MouseEvent('click', { bubbles: true, cancelable: true });
  invite.dispatchEvent(click);
  invite.click();
  document.getElementById('send')!.click();
  expect(click.defaultPrevented).toBe(true);
  // The host's listeners arrive; the kept controls are clicked again, each once.
  document.addEventListener('click', (event) => answered.push((event.target as Element).id));
  expect(replayEarlyClicks()).toBe(2);
  expect(answered).toEqual(['invite', 'send']);
  // No longer kept afterwards: a click goes straight through.
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

test('a kept control the page has since removed is not clicked', () => {
  runInlineScript();
  document.getElementById('invite')!.click();
  document.getElementById('invite')!.remove();
  expect(replayEarlyClicks()).toBe(0);
});

test('a part hydrated first (the opening area) answers its own kept clicks; those elsewhere stay kept for the page', () => {
  document.body.innerHTML =
    '<div id="root"><div id="area"><button id="invite">Invite</button></div><button id="menu">Menu</button></div>';
  runInlineScript();
  const answered: string[] = [];
  document.getElementById('invite')!.click();
  document.getElementById('menu')!.click();
  document.addEventListener('click', (event) => answered.push((event.target as Element).id));
  // The area's root hydrates: its click is made again, the menu's waits for the shell.
  expect(replayEarlyClicks(document.getElementById('area')!)).toBe(1);
  expect(answered).toEqual(['invite']);
  // From now on a click in the area goes straight to it, one elsewhere is still kept.
  const inArea = new MouseEvent('click', { bubbles: true, cancelable: true });
  document.getElementById('invite')!.dispatchEvent(inArea);
  expect(inArea.defaultPrevented).toBe(false);
  const onMenu = new MouseEvent('click', { bubbles: true, cancelable: true });
  document.getElementById('menu')!.dispatchEvent(onMenu);
  expect(onMenu.defaultPrevented).toBe(true);
  answered.length = 0;
  // The shell's root renders: the menu's kept click is made once.
  expect(replayEarlyClicks()).toBe(1);
  expect(answered).toEqual(['menu']);
});
