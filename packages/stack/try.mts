import { readDevRemotes, startStack } from './src/index';
const remotes = readDevRemotes().map((r) => (r.name === 'referrals' ? { ...r, requiresAuth: false } : r));
const stack = await startStack({ hostPort: 25000, remotes });
await new Promise((r) => setTimeout(r, 3000));
for (const path of ['/', '/referrals', '/referrals/invite', '/account/profile', '/nowhere']) {
  const res = await fetch(`${stack.hostUrl}${path}`);
  const text = await res.text();
  console.log(path, res.status, text.length, /<div id="root">(.{0,400})/s.exec(text)?.[1]?.replace(/\s+/g, ' '));
  console.log('   data:', /<script type="application\/json" id="mfe-page">(.*?)<\/script>/.exec(text)?.[1], 'links:', (text.match(/<link rel="stylesheet"[^>]*>/g) ?? []).length);
}
await stack.close();
