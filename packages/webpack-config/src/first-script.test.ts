// eslint-disable-next-line @typescript-eslint/no-require-imports
const { raiseScriptPriority } = require('./first-script') as {
  raiseScriptPriority<T extends { tagName: string; attributes: Record<string, unknown> }>(tags: T[]): T[];
};

test("the page's own scripts are fetched at high priority; its stylesheets, hints and inline scripts are left as they are", () => {
  const tags = raiseScriptPriority([
    { tagName: 'script', attributes: { defer: true, src: '/main.1a2b3c4d.js' } },
    { tagName: 'link', attributes: { rel: 'stylesheet', href: '/host.css' } },
    { tagName: 'script', attributes: { type: 'application/json' } },
  ]);
  expect(tags.map((tag) => tag.attributes.fetchpriority)).toEqual(['high', undefined, undefined]);
});
