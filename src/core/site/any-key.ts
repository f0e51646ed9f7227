/**
 * Which keys are accepted when none are configured: callers then choose their keys, and an
 * accepted key is echoed (the usage answer's `api_key`), so it must be text every format can
 * hold. Node (server/keys.ts) and the edge (server/worker.ts) both ask this.
 */

/** The longest key accepted when none are configured: longer ones are refused (403), never counted. */
export const MAX_KEY_LENGTH = 128;

/** Characters XML cannot hold or a log would print as controls: C0 and C1 controls, U+FFFE, U+FFFF, surrogates. */
const NOT_TEXT = /[\u0000-\u001f\u007f-\u009f\ufffe\uffff\ud800-\udfff]/;

/** Whether a key is accepted when no keys are configured: 1 to 128 characters, none a control or a non-character. */
export function acceptsAnyKey(key: string): boolean {
  return key.length > 0 && key.length <= MAX_KEY_LENGTH && !NOT_TEXT.test(key);
}
