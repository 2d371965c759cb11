/** Where the kept clicks wait for the host: `{ targets, stop }`. */
export declare const EARLY_CLICKS_GLOBAL: string;
/** What a kept click may be on: a control whose action is the page's script's. */
export declare const EARLY_CLICKS_CONTROL: string;
/** The page's one inline script: it keeps clicks on controls from the first paint until the host takes them. */
export declare const EARLY_CLICKS_SCRIPT: string;
