/** The `sha384-…` hash of some bytes (a string is hashed as UTF-8). */
export declare function sri(bytes: Uint8Array | string): string;
/** Whether bytes match a pin as the browser decides: any hash of the strongest listed algorithm. */
export declare function matchesPin(integrity: string, bytes: Uint8Array | string): boolean;
/** Whether a script (an entry's runtime) pins some bytes: one of their hashes is written in it. */
export declare function pinsBytes(script: Uint8Array | string, bytes: Uint8Array | string): boolean;
