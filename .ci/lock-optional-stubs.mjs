// The npm registry this project's machines reach lacks some platform-only optional
// packages (other platforms' native bindings). `npm install` then leaves them out of
// package-lock.json and `npm ci` refuses the lock as out of sync. This adds an entry,
// with its os/cpu/libc constraints, for each optional dependency the lock names but
// does not hold, so `npm ci` skips it as a platform mismatch. Run after `npm install`
// changes the lock: node .ci/lock-optional-stubs.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const PLATFORMS = {
  android: { os: ['android'] },
  darwin: { os: ['darwin'] },
  freebsd: { os: ['freebsd'] },
  linux: { os: ['linux'] },
  win32: { os: ['win32'] },
  wasm32: { cpu: ['wasm32'] },
};
const CPUS = ['arm64', 'x64', 'ia32', 'arm'];

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [where, info] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(info.optionalDependencies ?? {})) {
    const nested = `${where}/node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    const parts = name.split('/').pop().split('-');
    const platform = Object.keys(PLATFORMS).find((p) => parts.includes(p));
    if (!platform) throw new Error(`${name}: not a platform package; install it properly`);
    const cpu = CPUS.find((c) => parts.includes(c));
    const libc = parts.includes('musl') ? ['musl'] : parts.includes('gnu') ? ['glibc'] : undefined;
    packages[hoisted] = {
      version,
      optional: true,
      ...PLATFORMS[platform],
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(libc ? { libc } : {}),
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-optional-stubs: ${added} entr${added === 1 ? 'y' : 'ies'} added`);
