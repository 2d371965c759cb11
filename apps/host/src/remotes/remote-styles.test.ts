import { createRemoteStyles } from './remote-styles';

const remotes = [
  { name: 'referrals', entry: 'https://cdn.example.com/referrals/1.2.0/mf-manifest.json', path: '/referrals' },
  { name: 'account', entry: 'https://cdn.example.com/account/2.0.0/mf-manifest.json', path: '/account' },
];

/** A stylesheet link as a chunk loader adds it; `loaded` gives it a sheet (jsdom loads none itself). */
function addLink(href: string, loaded = true): HTMLLinkElement & { sheet: { disabled: boolean } | null } {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  let sheet: { disabled: boolean } | null = loaded ? { disabled: false } : null;
  Object.defineProperty(link, 'sheet', { get: () => sheet, configurable: true });
  (link as unknown as { finishLoading(): void }).finishLoading = () => {
    sheet = { disabled: false };
    link.dispatchEvent(new Event('load'));
  };
  document.head.appendChild(link);
  return link as HTMLLinkElement & { sheet: { disabled: boolean } | null };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
let current = remotes;
let styles: ReturnType<typeof createRemoteStyles>;
beforeEach(() => {
  document.head.innerHTML = '';
  current = remotes;
  styles = createRemoteStyles(() => current);
});
afterEach(() => styles.dispose());

test("a remote's stylesheet applies while its area is on screen and is switched off when it leaves, then on again", async () => {
  const hide = styles.show('referrals');
  const link = addLink('https://cdn.example.com/referrals/1.2.0/main.abc.css');
  await settle();
  expect(link.sheet!.disabled).toBe(false);
  hide();
  expect(link.sheet!.disabled).toBe(true);
  const hideAgain = styles.show('referrals');
  expect(link.sheet!.disabled).toBe(false);
  hideAgain();
  hideAgain(); // a second call changes nothing
  expect(link.sheet!.disabled).toBe(true);
});

test("the shell's and other remotes' stylesheets are left alone", async () => {
  const shell = addLink('http://localhost/host.css');
  const account = addLink('https://cdn.example.com/account/2.0.0/main.css');
  const hideAccount = styles.show('account');
  await settle();
  styles.show('referrals')();
  expect(shell.sheet!.disabled).toBe(false);
  expect(account.sheet!.disabled).toBe(false);
  hideAccount();
  expect(account.sheet!.disabled).toBe(true);
  expect(shell.sheet!.disabled).toBe(false);
});

test('two areas of one remote: its styles stay until the last one leaves', async () => {
  const first = styles.show('referrals');
  const second = styles.show('referrals');
  const link = addLink('https://cdn.example.com/referrals/1.2.0/main.css');
  await settle();
  first();
  expect(link.sheet!.disabled).toBe(false);
  second();
  expect(link.sheet!.disabled).toBe(true);
});

test('a stylesheet that arrives while its remote has no area is switched off once it has loaded, not while loading', async () => {
  const link = addLink('https://cdn.example.com/referrals/1.2.0/late.css', false);
  await settle();
  expect(link.sheet).toBeNull();
  (link as unknown as { finishLoading(): void }).finishLoading();
  expect(link.sheet!.disabled).toBe(true);
});

test('an area that mounts while its stylesheet is still loading gets it switched on', async () => {
  const link = addLink('https://cdn.example.com/referrals/1.2.0/main.css', false);
  await settle();
  styles.show('referrals');
  (link as unknown as { finishLoading(): void }).finishLoading();
  expect(link.sheet!.disabled).toBe(false);
});

test("a stylesheet of an older version stays its remote's after the manifest moves on", async () => {
  const hide = styles.show('referrals');
  const old = addLink('https://cdn.example.com/referrals/1.2.0/main.css');
  await settle();
  current = [{ ...remotes[0]!, entry: 'https://cdn.example.com/referrals/1.3.0/mf-manifest.json' }, remotes[1]!];
  hide();
  expect(old.sheet!.disabled).toBe(true);
  expect(old.getAttribute('data-mfe-remote')).toBe('referrals');
});
