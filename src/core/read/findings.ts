/** A problem found in the input: where it is, how bad it is, and what to do about it. */
export interface Finding {
  severity: 'error' | 'warning';
  /** Path of the file as the user should see it (relative to the working directory). */
  file: string;
  /** 1-based physical line in the file. */
  line: number;
  /** 1-based character column in that line. */
  column: number;
  /** Short machine-readable rule name, e.g. `date-format`. */
  rule: string;
  /** What was found and how to fix it. */
  message: string;
  /** The place of the finding this one follows from (fix that first): it is listed right after it. */
  cause?: Place;
}

/** A place in a file, as a finding names it. */
export type Place = Pick<Finding, 'file' | 'line' | 'column'>;

/** Collects findings in the order they are reported. */
export class Findings {
  readonly list: Finding[] = [];

  error(place: Place, rule: string, message: string, cause?: Place): void {
    this.list.push({ severity: 'error', ...place, rule, message, ...(cause && { cause }) });
  }

  warning(place: Place, rule: string, message: string): void {
    this.list.push({ severity: 'warning', ...place, rule, message });
  }

  get errors(): Finding[] {
    return this.list.filter((f) => f.severity === 'error');
  }

  get warnings(): Finding[] {
    return this.list.filter((f) => f.severity === 'warning');
  }
}

/**
 * Sorts findings by file, line and column so reports read top to bottom, in the order a person
 * fixes them: a finding that follows from another (its `cause`) comes right after that one.
 */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  const place = (f: Finding): Place => f.cause ?? f;
  return [...findings].sort((x, y) => {
    const [a, b] = [place(x), place(y)];
    const byPlace = (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.column - b.column;
    return byPlace || Number(!!x.cause) - Number(!!y.cause);
  });
}

/** `FILE:LINE:COLUMN: severity: message`, the format compilers and editors understand. */
export function formatFinding(f: Finding): string {
  return `${f.file}:${f.line}:${f.column}: ${f.severity}: ${f.message}`;
}

/** Thrown when input fails validation; carries every finding, not just the first. */
export class ValidationError extends Error {
  readonly findings: readonly Finding[];

  constructor(findings: readonly Finding[]) {
    const errors = findings.filter((f) => f.severity === 'error');
    super(
      `${errors.length} error${errors.length === 1 ? '' : 's'} in the data:\n` +
        sortFindings(errors).map(formatFinding).join('\n'),
    );
    this.name = 'ValidationError';
    this.findings = findings;
  }
}

/** A setting (an environment variable or option) that is wrong: shown as its message alone, without a stack. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
