import { createHash } from 'node:crypto';
import { entryPins, matchesPin, pinsBytes, sri } from '../sri';

const hash = (algorithm: string, body: string) => `${algorithm}-${createHash(algorithm).update(body).digest('base64')}`;

describe('sri', () => {
  it('is the sha384 of the bytes, strings read as UTF-8', () => {
    expect(sri('é')).toBe(hash('sha384', 'é'));
    expect(sri(Buffer.from('é', 'utf8'))).toBe(sri('é'));
    expect(sri('a')).not.toBe(sri('b'));
  });
});

describe('matchesPin', () => {
  it('accepts the bytes a hash was taken of, and refuses others', () => {
    expect(matchesPin(sri('body'), 'body')).toBe(true);
    expect(matchesPin(sri('body'), 'body ')).toBe(false);
  });

  it('reads only the strongest algorithm listed, as browsers do', () => {
    // A right sha256 beside a wrong sha512: the browser checks the sha512 and refuses.
    expect(matchesPin(`${hash('sha256', 'body')} ${hash('sha512', 'other')}`, 'body')).toBe(false);
    expect(matchesPin(`${hash('sha256', 'other')} ${hash('sha512', 'body')}`, 'body')).toBe(true);
  });

  it('accepts any of several hashes of the strongest algorithm (a pin during a change of build)', () => {
    expect(matchesPin(`${sri('old')} ${sri('new')}`, 'new')).toBe(true);
  });

  it('ignores options and unknown algorithms, and never treats a pin without a known hash as a match', () => {
    expect(matchesPin(`${sri('body')}?ct=application/javascript md5-abc`, 'body')).toBe(true);
    expect(matchesPin('md5-abc', 'body')).toBe(false);
    expect(matchesPin('', 'body')).toBe(false);
  });
});

describe('entryPins and pinsBytes', () => {
  const loader = (table: string) =>
    `${table}\nfunction load(id) { var s = document.createElement("script"); s.integrity = __webpack_require__.sriHashes[id]; }`;

  it('reads the hashes of the integrity table the loader sets on what it loads, in any algorithm browsers read', () => {
    const pins = entryPins(
      loader(`__webpack_require__.sriHashes = {"12": "${sri('chunk')}", "13": "${hash('sha256', 'other')}"};`),
    );
    expect(pinsBytes(pins, 'chunk')).toBe(true);
    expect(
      pinsBytes(
        entryPins(Buffer.from(loader(`__webpack_require__.sriHashes = {"1": "${sri('other')}"};`))),
        Buffer.from('other'),
      ),
    ).toBe(true);
    // The preset's stylesheet map, minified into a variable, and Rspack's own table for stylesheets.
    const css = `var s = {"7": "${sri('a{}')}"}; function tag(e) { var i = document.createElement("link"); s[e] && (i.integrity = s[e]); }`;
    expect(pinsBytes(entryPins(css), 'a{}')).toBe(true);
    const rspack = `n.sriExtractCssHashes = {991: "${sri('b{}')}"}; i.integrity = n.sriExtractCssHashes[e];`;
    expect(pinsBytes(entryPins(rspack), 'b{}')).toBe(true);
  });

  it('finds nothing pinned by hashes written anywhere else: a comment, a string, a table no loader applies', () => {
    expect(pinsBytes(entryPins('import("./chunk.js")'), 'chunk')).toBe(false);
    expect(pinsBytes(entryPins(`/* ${sri('chunk')} */ import("./chunk.js");`), 'chunk')).toBe(false);
    expect(pinsBytes(entryPins(`var pins = ["${sri('chunk')}"];`), 'chunk')).toBe(false);
    expect(pinsBytes(entryPins(`console.log("${sri('chunk')}");`), 'chunk')).toBe(false);
    expect(
      pinsBytes(entryPins(`var r = {}; r.sriHashes = {"1": "${sri('chunk')}"}; import("./chunk.js");`), 'chunk'),
    ).toBe(false);
    expect(pinsBytes(entryPins(loader(`__webpack_require__.sriHashes = {"1": "${sri('chunk')}"};`)), 'altered')).toBe(
      false,
    );
    // An ES module entry with its hashes pasted in a comment, as a Vite build passed the text search.
    expect(pinsBytes(entryPins(`// ${sri('chunk')}\nexport const get = () => import("./chunk.js");`), 'chunk')).toBe(
      false,
    );
    expect(entryPins('this is { not javascript').size).toBe(0);
  });
});
