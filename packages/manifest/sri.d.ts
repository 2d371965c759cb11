/** The `sha384-…` hash of some bytes (a string is hashed as UTF-8). */
export declare function sri(bytes: Uint8Array | string): string;
/** Whether bytes match a pin as the browser decides: any hash of the strongest listed algorithm. */
export declare function matchesPin(integrity: string, bytes: Uint8Array | string): boolean;
/**
 * The hashes an entry script's loader pins its files with: its integrity tables that its own code
 * sets on an element's `integrity`, parsed (a hash written anywhere else pins nothing).
 */
export declare function entryPins(script: Uint8Array | string): ReadonlySet<string>;
/** Whether an entry's pins (`entryPins`) pin some bytes. */
export declare function pinsBytes(pins: ReadonlySet<string>, bytes: Uint8Array | string): boolean;
