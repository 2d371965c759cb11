import { explainOutsideArea, selectorsOutsideArea } from './selector-scope';

test.each([
  '.root',
  '.root h2',
  '.root > *',
  '#panel p',
  '.title:hover',
  '.card:has(img)',
  '.card:has(+ .card)',
  '.list > li ~ li',
  '.root :is(h2, h3)',
  '.root :where(p)',
  '.a.b .c',
  ':local(.root) p',
  '.root::before',
  '.root ~ .sibling',
])('"%s" stays inside the area', (selector) => {
  expect(selectorsOutsideArea(`${selector} { color: green; }`)).toEqual([]);
});

test.each([
  'html',
  'body',
  ':root',
  '*',
  'header',
  '[dir="rtl"]',
  'body:has(.own) header',
  'body:has(.own)',
  ':is(header, .own)',
  ':is(.own) p',
  ':where(.own, nav) a',
  ':not(.own)',
  'html .own',
  ':root .own',
  '[dir] .own',
  'h2 .own',
  '.own ~ header',
  '.own + *',
  '.own ~ p > a',
  ':global(.x) p',
  ':global(.x)',
])('"%s" could style something outside the area', (selector) => {
  expect(selectorsOutsideArea(`.own { color: green; }\n${selector} { color: red; }`)).toEqual([selector]);
});

test('each selector of a list is judged on its own, in media and supports rules too', () => {
  expect(
    selectorsOutsideArea(
      '@media (width > 40em) { .root p, body .root { margin: 0; } }\n@supports (display: grid) { main { display: grid; } }',
    ),
  ).toEqual(['body .root', 'main']);
});

test('keyframe selectors are not selectors', () => {
  expect(
    selectorsOutsideArea('@keyframes fade { from { opacity: 0; } 50% { opacity: 0.5; } to { opacity: 1; } }'),
  ).toEqual([]);
});

test('a nested rule is judged under the rule it is written in', () => {
  expect(
    selectorsOutsideArea(
      '.root { & p { margin: 0; } h2 { margin: 0; } &:hover { color: red; } & ~ header { display: none; } }',
    ),
  ).toEqual(['& ~ header']);
  expect(selectorsOutsideArea('.root { body & { color: red; } }')).toEqual(['body &']);
});

test('the message names the file and the selector and says what to write instead', () => {
  const message = explainOutsideArea('src/App.css', 'body:has(.own) header');
  expect(message).toContain('src/App.css: the selector "body:has(.own) header" would style the whole page');
  expect(message).toContain(':has(), :is() or :where()');
  expect(message).toContain('*.global.css');
  expect(explainOutsideArea('src/App.css', 'html')).toContain('e.g. ".root { … }"');
});
