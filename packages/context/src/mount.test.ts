import { defineRemote } from './define-remote';
import { defineMountedArea, isMountedAreaModule, MOUNTED_AREA_KIND } from './mount';

const handle = { update: () => undefined, unmount: () => undefined };

describe('the mount contract', () => {
  test('a mounted area is told apart by its kind and its mount function', () => {
    const area = defineMountedArea({ mount: () => handle });
    expect(area.kind).toBe(MOUNTED_AREA_KIND);
    expect(isMountedAreaModule(area)).toBe(true);
    expect(Object.isFrozen(area)).toBe(true);
  });

  test('a React area, a bare object or a kind without mount is not one', () => {
    expect(isMountedAreaModule(defineRemote({ App: () => null }))).toBe(false);
    expect(isMountedAreaModule({ mount: () => handle })).toBe(false);
    expect(isMountedAreaModule({ kind: MOUNTED_AREA_KIND })).toBe(false);
    expect(isMountedAreaModule(null)).toBe(false);
  });

  test('its texts are kept only when given', () => {
    const messages = async () => ({ title: 'Titel' });
    expect(defineMountedArea({ mount: () => handle, messages }).messages).toBe(messages);
    expect('messages' in defineMountedArea({ mount: () => handle })).toBe(false);
  });
});
