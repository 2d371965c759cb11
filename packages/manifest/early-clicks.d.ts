/** Where the held clicks wait for the host: `{ targets, stop }`. */
export declare const EARLY_CLICKS_GLOBAL: string;
/** What a held click may be on: a control whose action is the page's script's. */
export declare const EARLY_CLICKS_CONTROL: string;
/** The page's one inline script: it holds clicks on controls from the first paint until the host takes them. */
export declare const EARLY_CLICKS_SCRIPT: string;
