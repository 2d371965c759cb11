import { scrubText, scrubValue } from './scrub';

/** A thrown value as a record's `error` describes it, every field already scrubbed. */
export interface ErrorDetails {
  readonly type: string;
  readonly message: string;
  readonly stack?: string;
  /** The `cause` chain, one `Type: message` line per link, outermost first. */
  readonly cause?: string;
}

const MAX_CAUSES = 5;

/** Reads a property that a hostile or odd object may guard with a throwing getter. */
function read(value: object, key: string): unknown {
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

function isErrorLike(value: unknown): value is object {
  return (
    value instanceof Error ||
    (typeof value === 'object' &&
      value !== null &&
      typeof read(value, 'message') === 'string' &&
      typeof read(value, 'name') === 'string')
  );
}

/**
 * One link: an Error as its name and message; anything else while it is still
 * structured, so values under secret-sounding keys go before it becomes text.
 */
function describeOne(value: unknown, allowedParams: readonly string[]): { type: string; message: string } {
  if (isErrorLike(value))
    return {
      type: scrubText(String(read(value, 'name')), allowedParams),
      message: scrubText(String(read(value, 'message')), allowedParams),
    };
  if (typeof value === 'object' && value !== null) {
    let text: string;
    try {
      text = JSON.stringify(scrubValue(value, allowedParams)) ?? '';
    } catch {
      text = '[unreadable object]';
    }
    return { type: 'NonErrorObject', message: scrubText(text, allowedParams) };
  }
  return { type: typeof value, message: scrubText(String(value), allowedParams) };
}

/** Any thrown value (an Error, an object, a string, …) as scrubbed error details, with its cause chain. */
export function describeThrown(value: unknown, allowedParams: readonly string[] = []): ErrorDetails {
  try {
    const { type, message } = describeOne(value, allowedParams);
    const stack = isErrorLike(value) ? read(value, 'stack') : undefined;
    const causes: string[] = [];
    let link = isErrorLike(value) ? read(value, 'cause') : undefined;
    const seen = new Set<unknown>([value]);
    while (link !== undefined && link !== null && causes.length < MAX_CAUSES && !seen.has(link)) {
      seen.add(link);
      const one = describeOne(link, allowedParams);
      causes.push(`${one.type}: ${one.message}`);
      link = isErrorLike(link) ? read(link, 'cause') : undefined;
    }
    return {
      type,
      message,
      ...(typeof stack === 'string' && stack ? { stack: scrubText(stack, allowedParams) } : {}),
      ...(causes.length > 0 ? { cause: scrubText(causes.join('\n'), allowedParams) } : {}),
    };
  } catch {
    // A Proxy or similar that throws on every touch: say so rather than fail the report.
    return { type: 'Unknown', message: '[a thrown value that could not be read]' };
  }
}
