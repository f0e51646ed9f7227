/** The longest JSONP callback name accepted. */
export const MAX_CALLBACK_LENGTH = 128;

/** A dotted path of JavaScript identifiers: `cb`, `app.handlers.done`. */
export const CALLBACK_PATTERN = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

/**
 * Whether a JSONP callback name is safe to echo into JavaScript: a dotted path of
 * identifiers (`cb`, `jQuery123_456`, `app.handlers.done`), at most 128 characters.
 */
export function isSafeCallback(name: string): boolean {
  return name.length > 0 && name.length <= MAX_CALLBACK_LENGTH && CALLBACK_PATTERN.test(name);
}
