/**
 * Characters no published file may hold: those XML 1.0 cannot carry at all (C0 controls but tab, LF
 * and CR; U+FFFE, U+FFFF), and U+007F (DELETE), a control character iCalendar's text forbids.
 */
export const FORBIDDEN_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/;

/** The finding's text for a forbidden character in a value, the same for every data set and format. */
export function forbiddenCharMessage(what: string, char: string): string {
  const code = char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  const cannot = code === '007F' ? 'iCalendar feeds cannot' : 'XML cannot';
  return `${what} holds the control character U+${code}, which JSON can carry but ${cannot}. Delete it.`;
}
