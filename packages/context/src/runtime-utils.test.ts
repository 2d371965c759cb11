import { storageOrNull } from './runtime-utils';

describe('storageOrNull', () => {
  it('gives the storage area when the browser allows it', () => {
    expect(storageOrNull('localStorage')).toBe(window.localStorage);
    expect(storageOrNull('sessionStorage')).toBe(window.sessionStorage);
  });

  it('gives null, not an exception, when reading the area throws', () => {
    const original = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    try {
      expect(storageOrNull('localStorage')).toBeNull();
    } finally {
      Object.defineProperty(window, 'localStorage', original);
    }
  });
});
