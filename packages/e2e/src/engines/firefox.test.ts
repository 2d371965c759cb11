import { isCutDownload } from './firefox';

const message = (computed: string) =>
  `None of the “sha384” hashes in the integrity attribute match the content of the subresource at “http://localhost:20202/remoteEntry.js”. The computed hash is “${computed}”.`;

describe("Firefox's page errors", () => {
  test('a download cut off by leaving the page (an empty body) is not a page error', () => {
    expect(isCutDownload(message('OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlb'))).toBe(true);
  });

  test('a file that arrived and does not match its pin still is one', () => {
    expect(isCutDownload(message('f1nY3oEqDhRk3GcHq6mY2Qx0Wq3yQm7yVdC9fUo7gYb7n3wq0xTzA5g9fD2eR1kL'))).toBe(false);
  });

  test('a thrown error naming no hash still is one', () => {
    expect(isCutDownload('TypeError: can’t access property "x" of undefined')).toBe(false);
  });
});
