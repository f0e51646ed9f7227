// The detached remover a build spawns (remove-later.ts): node remover.ts VERSIONS PATH...
import { removeClaimed } from './remove-later.ts';

const [versions, ...paths] = process.argv.slice(2);
if (versions) removeClaimed(versions, paths);
