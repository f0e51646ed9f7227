/** Keeps control characters out of log lines. */
export function printable(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** The name of a query parameter as URLSearchParams reads it (`+` a space, escapes decoded). */
function paramName(part: string): string {
  const name = part.split('=', 1)[0]!.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** A request target with the value of every `key` parameter (however its name is encoded) replaced by `REDACTED`. */
function redactKeys(target: string): string {
  const q = target.indexOf('?');
  if (q === -1) return target;
  const query = target
    .slice(q + 1)
    .split('&')
    .map((part) => (paramName(part) === 'key' && part.includes('=') ? `${part.split('=', 1)[0]}=REDACTED` : part))
    .join('&');
  return `${target.slice(0, q)}?${query}`;
}

/** One access-log line: time, method, target (keys redacted, controls escaped), status, length, duration. */
export function accessLogLine(method: string, target: string, status: number, length: string, ms: number): string {
  return (
    `${new Date().toISOString()} ${printable(method)} ${printable(redactKeys(target))} ${status} ${length} ` +
    `${ms.toFixed(1)}ms`
  );
}
