// The command line of a bench script run by hand (key-memory.ts, jsonp-memory.ts): --help, and a
// wrong or missing option said in one line with exit 2, as the project's CLIs do.
import { type ParseArgsConfig, parseArgs } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * Parses the script's options. `--help` prints `usage` and exits 0; an unknown option, a value
 * missing, or a required option left out prints one line and exits 2.
 */
export function benchArgs<const O extends Options>(
  script: string,
  usage: string,
  options: O,
  required: readonly (keyof O & string)[] = [],
): ReturnType<typeof parseArgs<{ options: O }>>['values'] {
  const fail = (what: string): never => {
    console.error(`${script}: ${what}. Try 'node bench/${script}.ts --help'.`);
    process.exit(2);
  };
  let values: Record<string, unknown>;
  try {
    values = parseArgs({ options: { ...options, help: { type: 'boolean', short: 'h' } } }).values;
  } catch (error) {
    return fail((error as Error).message.replace(/\.$/, ''));
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  for (const name of required) if (values[name] === undefined) fail(`give --${name}`);
  return values as ReturnType<typeof parseArgs<{ options: O }>>['values'];
}
