import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Bytes of output after which the build asks for a full garbage collection (see releaseLargeText). */
const LARGE = 32 * 1024 * 1024;
/** Bytes of output made, across many files, after which the build asks for a full collection (see releaseMadeText). */
const MANY = 256 * 1024 * 1024;

let collect: (() => void) | undefined;
/** The total of releaseMadeText at the last collection it asked for. */
let collectedAt = 0;

/** Runs a full garbage collection now. */
function collectNow(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}

/**
 * After writing `bytes` of output in one go (a large archive's API files, hundreds of MB of
 * text): runs a full garbage collection, so the dead text is returned now. V8 keeps large dead
 * strings until a full collection, which a heap far below its limit postpones, and the next
 * stages would otherwise add their memory on top (about 500 MB more peak at 100,000 sessions).
 */
export function releaseLargeText(bytes: number): void {
  if (bytes >= LARGE) collectNow();
}

/**
 * Given the bytes of output made so far (`total`, growing): runs a full garbage collection
 * after every 256 MB of them. The text of many small files (a large archive's pages and feeds,
 * hundreds of MB) is dead once written, but a heap far below its limit grows rather than collect
 * it (about 150 MB more peak at 100,000 sessions); a rebuild that makes little never collects.
 */
export function releaseMadeText(total: number): void {
  if (total < collectedAt) collectedAt = 0; // another build's count, started anew in this process
  if (total - collectedAt < MANY) return;
  collectedAt = total;
  collectNow();
}
