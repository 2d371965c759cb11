import { ARRIVAL_KEY, markArrival, takeArrival } from './arrival';

const memory = () => {
  const stored = new Map<string, string>();
  return {
    stored,
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  };
};

test('an arrival is read once', () => {
  const storage = memory();
  markArrival('signed-out', storage);
  expect(takeArrival(storage)).toBe('signed-out');
  expect(takeArrival(storage)).toBeNull();
});

test('anything else in its place is no arrival, and a refusing storage is no error', () => {
  const storage = memory();
  storage.setItem(ARRIVAL_KEY, '<script>');
  expect(takeArrival(storage)).toBeNull();
  expect(storage.stored.size).toBe(0);
  const refusing = {
    getItem: () => {
      throw new Error('denied');
    },
    setItem: () => {
      throw new Error('denied');
    },
    removeItem: () => undefined,
  };
  expect(() => markArrival('signed-in', refusing)).not.toThrow();
  expect(takeArrival(refusing)).toBeNull();
  expect(takeArrival(null)).toBeNull();
});
