// The detached process a build spawns (remove-later.ts): node remover.ts VERSIONS SPARE_FROM PATH...
// First the spare (so the next build can use it soon), then the removals.
import { prepareSpare, removeClaimed } from './remove-later.ts';

const [versions, spareFrom, ...paths] = process.argv.slice(2);
if (versions) {
  if (spareFrom) prepareSpare(versions, spareFrom);
  removeClaimed(versions, paths);
}
