import { createHash } from 'node:crypto';
import { matchesPin, pinsBytes, sri } from '../sri';

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

describe('pinsBytes', () => {
  it('finds a file pinned when its hash, in any algorithm browsers read, is written in the script', () => {
    const runtime = `__webpack_require__.sriHashes = {"12": "${sri('chunk')}", "13": "${hash('sha256', 'other')}"};`;
    expect(pinsBytes(runtime, 'chunk')).toBe(true);
    expect(pinsBytes(Buffer.from(runtime), Buffer.from('other'))).toBe(true);
  });

  it('finds a file unpinned when the script names it but carries no hash of its bytes', () => {
    expect(pinsBytes('import("./chunk.js")', 'chunk')).toBe(false);
    expect(pinsBytes(`var pins = ["${sri('chunk')}"];`, 'chunk, altered')).toBe(false);
  });
});
