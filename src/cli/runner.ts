import { parseArgs } from 'node:util';
import { type Config, resolveConfig, SETTINGS, type SettingName } from '../config/settings.ts';
import { ConfigError, formatFinding, sortFindings, ValidationError } from '../core/read/findings.ts';

/** One option of a CLI: how it is parsed and how `--help` and the README describe it. */
export interface CliOption {
  type: 'string' | 'boolean';
  /** The value's placeholder in the usage text (`DIR`, `FILE`). */
  value?: string;
  /** Default of a string option. */
  default?: string;
  /** The values a string option accepts. */
  choices?: readonly string[];
  description: string;
}

/** What a CLI declares: the runner parses, documents and reports errors from this alone. */
export interface CliSpec {
  /** The npm script's name: `build` runs as `npm run build`. */
  name: string;
  /** One line: what the command does. */
  summary: string;
  /** Positional arguments, e.g. `[DIR]` (optional) or `<git-ref>` (required); none when absent. */
  positional?: { name: string; required: boolean; description: string };
  /** An optional second positional argument (`[NEW_DIR]`). */
  second?: { name: string; description: string };
  options: Record<string, CliOption>;
  /** The environment variables the command reads (resolved into its Config). */
  env: readonly SettingName[];
  /** Said after a failure, e.g. that the output was left untouched. */
  onFailure?: (values: CliValues) => string;
  /** One line for an error the command knows how to explain (e.g. a folder it cannot write), else undefined. */
  explain?: (error: unknown) => string | undefined;
}

/** Parsed option values, by option name. */
export type CliValues = Record<string, string | boolean | undefined>;

/** What a CLI's main function receives. */
export interface CliArgs {
  values: CliValues;
  positional: string | undefined;
  /** The second positional argument, when the command takes one and it was given. */
  second?: string;
  config: Config;
}

/** A wrong argument found after parsing (a bad value): reported like an unknown option, exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** How `npm run <name>` is typed, with `--` before arguments. */
function command(spec: CliSpec): string {
  return spec.name === 'start' || spec.name === 'test' ? `npm ${spec.name}` : `npm run ${spec.name}`;
}

/** The `--help` text, from the declarations. */
export function usage(spec: CliSpec): string {
  const name = spec.positional?.name;
  const first = spec.positional ? (spec.positional.required ? ` <${name}>` : ` [${name}]`) : '';
  const pos = first + (spec.second ? ` [${spec.second.name}]` : '');
  const rows: [string, string][] = [];
  if (spec.positional)
    rows.push([
      spec.positional.required ? `<${spec.positional.name}>` : `[${spec.positional.name}]`,
      spec.positional.description,
    ]);
  if (spec.second) rows.push([`[${spec.second.name}]`, spec.second.description]);
  for (const [name, o] of Object.entries(spec.options)) {
    const value = o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : '';
    const extra = [
      o.choices ? `one of ${o.choices.join(', ')}` : '',
      o.default !== undefined ? `default ${o.default}` : '',
    ]
      .filter(Boolean)
      .join('; ');
    rows.push([`--${name}${value}`, extra ? `${o.description} (${extra})` : o.description]);
  }
  rows.push(['-h, --help', 'print this help and exit']);
  const width = Math.max(...rows.map(([a]) => a.length)) + 2;
  const lines = [
    `Usage: ${command(spec)} --${pos}${Object.keys(spec.options).length ? ' [options]' : ''}`,
    '',
    spec.summary,
    '',
    ...rows.map(([a, b]) => `  ${a.padEnd(width)}${b}`),
  ];
  if (spec.env.length) {
    const w = Math.max(...spec.env.map((n) => n.length)) + 2;
    lines.push('', 'Environment:', ...spec.env.map((n) => `  ${n.padEnd(w)}${SETTINGS[n]}`));
  }
  return lines.join('\n');
}

/** The one line for a wrong argument. */
function usageLine(spec: CliSpec, problem: string): string {
  return `${spec.name}: ${problem}. Try '${command(spec)} -- --help'.`;
}

/** Turns parseArgs' wording into a short phrase. */
function parseProblem(error: Error & { code?: string }): string {
  const option = /'(-[^' ]+)/.exec(error.message)?.[1];
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${option ?? ''}`.trim();
  if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    return `unexpected argument ${/'([^']*)'/.exec(error.message)?.[1] ?? ''}`.trim();
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return / argument missing/.test(error.message)
      ? `${option ?? 'an option'} needs a value`
      : `${option ?? 'an option'} takes no value`;
  }
  return error.message.split('\n')[0]!;
}

/** Parses arguments by the declarations; throws UsageError for anything wrong. */
function parseCliArgs(
  spec: CliSpec,
  argv: readonly string[],
): { help: boolean; values: CliValues; positional: string | undefined; second?: string } {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: {
        ...Object.fromEntries(
          Object.entries(spec.options).map(([name, o]) => [
            name,
            o.type === 'string' ? { type: 'string' as const } : { type: 'boolean' as const },
          ]),
        ),
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(parseProblem(error as Error));
  }
  const values = parsed.values as CliValues;
  if (values.help) return { help: true, values, positional: undefined };
  const max = (spec.positional ? 1 : 0) + (spec.second ? 1 : 0);
  if (parsed.positionals.length > max) throw new UsageError(`unexpected argument ${parsed.positionals[max]}`);
  if (spec.positional?.required && parsed.positionals.length === 0)
    throw new UsageError(`missing <${spec.positional.name}>`);
  for (const [name, o] of Object.entries(spec.options)) {
    const v = values[name];
    if (typeof v === 'string' && o.choices && !o.choices.includes(v))
      throw new UsageError(`--${name} "${v}" is not one of ${o.choices.join(', ')}`);
    if (v === undefined && o.default !== undefined) values[name] = o.default;
    if (v === undefined && o.type === 'boolean') values[name] = false;
  }
  const second = parsed.positionals[1];
  return { help: false, values, positional: parsed.positionals[0], ...(second !== undefined ? { second } : {}) };
}

/** Where output goes; the process's streams unless a test gives others. */
export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** Runs a CLI and returns its exit code: 0 done, 1 failed, 2 wrong arguments. Never throws. */
export async function runCli(
  spec: CliSpec,
  main: (args: CliArgs) => Promise<number | void>,
  argv: readonly string[],
  io: CliIo,
): Promise<number> {
  let values: CliValues = {};
  let debug = false;
  try {
    const parsed = parseCliArgs(spec, argv);
    values = parsed.values;
    if (parsed.help) {
      io.out(usage(spec));
      return 0;
    }
    const config = resolveConfig([...spec.env, 'DEBUG'], io.env, io.cwd);
    debug = config.debug;
    const second = parsed.second !== undefined ? { second: parsed.second } : {};
    return (await main({ values, positional: parsed.positional, ...second, config })) ?? 0;
  } catch (error) {
    const after = spec.onFailure ? ` ${spec.onFailure(values)}` : '';
    if (error instanceof UsageError) {
      io.err(usageLine(spec, error.message));
      return 2;
    }
    if (error instanceof ValidationError) {
      const errors = error.findings.filter((f) => f.severity === 'error').length;
      io.err(sortFindings(error.findings).map(formatFinding).join('\n'));
      io.err(`${spec.name}: stopped: the data has ${errors} error${errors === 1 ? '' : 's'} (above).${after}`);
      return 1;
    }
    if (error instanceof ConfigError) {
      io.err(`${spec.name}: ${error.message}${after}`);
      return 1;
    }
    const explained = spec.explain?.(error);
    if (explained && !debug) {
      io.err(`${spec.name}: ${explained}${after}`);
      return 1;
    }
    const e = error as Error & { syscall?: string };
    // A failed system call (a folder that cannot be written, a full disk) is the machine's, not a bug.
    if (e.syscall && !debug) {
      io.err(`${spec.name}: ${e.message}.${after}`);
      return 1;
    }
    io.err(
      debug
        ? `${spec.name}: unexpected error: ${e.stack ?? e}`
        : `${spec.name}: unexpected error: ${e.message ?? e}.${after} Set DEBUG=1 for the stack trace, ` +
            `and please report it (with the command you ran) as an issue of the project.`,
    );
    return 1;
  }
}

/** The entry point of a CLI file: runs it on the process's arguments and exits with its code. */
export async function cliMain(spec: CliSpec, main: (args: CliArgs) => Promise<number | void>): Promise<void> {
  const code = await runCli(spec, main, process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    env: process.env,
    cwd: process.cwd(),
  });
  // A server keeps running: leave the process to its handles when it asked to stay.
  if (code === STAY) return;
  // Exit only once what was printed has reached a pipe: process.exit drops a pipe's pending writes.
  await Promise.all([drained(process.stdout), drained(process.stderr)]);
  process.exit(code);
}

/**
 * Resolves once a stream has handed all its pending writes to the system: an empty write's
 * callback comes after theirs. (Not 'drain', which comes only after a write that filled the
 * buffer: with fewer bytes pending, as a build of 100,000 sessions leaves its warnings on a
 * pipe, it never came, and Node exited with code 13 on the unsettled wait.)
 */
function drained(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => (stream.writableLength === 0 ? resolve() : stream.write('', () => resolve())));
}

/** What a main returns to keep the process alive (a server that has started). */
export const STAY = -1;
