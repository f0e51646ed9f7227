// The two arguments of a floor script (bench/floor.ts, bench/files-floor.ts), which `npm run bench` runs: `--help`
// prints its usage; an option, or not exactly two arguments, prints one line and exits 2.
export function floorArgs(name: string, usage: string): [string, string] {
  const args = process.argv.slice(2);
  if (args.includes('--help')) {
    console.log(`${name}: ${usage}`);
    process.exit(0);
  }
  const option = args.find((a) => a.startsWith('--'));
  if (option !== undefined || args.length !== 2) {
    console.error(`${name}: ${option ? `unknown option ${option}` : 'give two arguments'}. Usage: ${usage}`);
    process.exit(2);
  }
  return [args[0]!, args[1]!];
}
