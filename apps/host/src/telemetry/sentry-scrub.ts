import { scrubText, scrubUrl, scrubValue } from './scrub';

/**
 * The last look at an error-reporting event before the SDK puts it in an
 * envelope (its `beforeSend`). What the host hands the SDK is already
 * scrubbed, but the SDK adds fields of its own (parsed stack frames, the page's
 * URL, user and breadcrumbs when an integration is on), so every field that
 * can carry text passes the same scrubber here, and what the platform never
 * sends (user, breadcrumbs, request headers, cookies and bodies, frame
 * variables and source lines) is removed.
 */
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, allowed: readonly string[]) =>
  typeof value === 'string' ? scrubText(value, allowed) : value;
const url = (value: unknown, allowed: readonly string[]) =>
  typeof value === 'string' ? scrubUrl(value, allowed) : value;

function scrubFrame(frame: unknown, allowed: readonly string[]): unknown {
  if (!isObject(frame)) return frame;
  const { vars: _vars, context_line: _line, pre_context: _before, post_context: _after, ...kept } = frame;
  return {
    ...kept,
    filename: url(kept.filename, allowed),
    abs_path: url(kept.abs_path, allowed),
    function: text(kept.function, allowed),
    module: text(kept.module, allowed),
  };
}

function scrubException(value: unknown, allowed: readonly string[]): unknown {
  if (!isObject(value)) return value;
  const stacktrace =
    isObject(value.stacktrace) && Array.isArray(value.stacktrace.frames)
      ? { ...value.stacktrace, frames: value.stacktrace.frames.map((frame) => scrubFrame(frame, allowed)) }
      : value.stacktrace;
  return {
    ...value,
    type: text(value.type, allowed),
    value: text(value.value, allowed),
    ...(stacktrace !== undefined ? { stacktrace } : {}),
    ...(value.mechanism !== undefined ? { mechanism: scrubValue(value.mechanism, allowed) } : {}),
  };
}

export function scrubSentryEvent<Event extends object>(event: Event, allowed: readonly string[] = []): Event {
  const { user: _user, breadcrumbs: _breadcrumbs, ...rest } = event as Json;
  const out: Json = { ...rest };
  if (typeof out.message === 'string') out.message = scrubText(out.message, allowed);
  else if (isObject(out.message)) out.message = scrubValue(out.message, allowed);
  for (const key of ['culprit', 'transaction', 'logger', 'server_name'] as const) out[key] = text(out[key], allowed);
  if (isObject(out.exception) && Array.isArray(out.exception.values))
    out.exception = { ...out.exception, values: out.exception.values.map((value) => scrubException(value, allowed)) };
  if (isObject(out.request)) out.request = { url: url(out.request.url, allowed) };
  if (isObject(out.tags))
    out.tags = Object.fromEntries(
      Object.entries(out.tags).map(([key, value]) => [scrubText(key, allowed), text(value, allowed)]),
    );
  for (const key of ['extra', 'contexts'] as const)
    if (out[key] !== undefined) out[key] = scrubValue(out[key], allowed);
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
  return out as Event;
}
