import path from 'node:path';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';
import { LAYERS } from '../layers.ts';
import { HEAVY_FILES } from './heavy-files.ts';

/** Where a suite stands in HEAVY_FILES (its index), or after them all. */
const HEAVY_RANK = new Map(HEAVY_FILES.map(([file], i) => [file, i]));

/** A suite's path below test/, as HEAVY_FILES names it. */
function below(spec: TestSpecification): string {
  return path.relative(path.join(spec.project.config.root, 'test'), spec.moduleId).split(path.sep).join('/');
}

/** A suite's layer's place in LAYERS (cheapest first). */
function layerRank(spec: TestSpecification): number {
  return LAYERS.indexOf(below(spec).split('/')[0] as (typeof LAYERS)[number]);
}

/**
 * Orders the whole run's suites across the layers, so that both workers stay busy to the end: the heavy suites
 * first, in HEAVY_FILES's order, then the rest layer by layer, cheapest layer first (vitest's own order, project by
 * project, largest file first, kept the longest suites for the end of their layer). A sharded run is left to
 * vitest's order.
 */
export class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (s: TestSpecification) => HEAVY_RANK.get(below(s)) ?? HEAVY_FILES.length;
    return [...files].sort(
      (a, b) => rank(a) - rank(b) || layerRank(a) - layerRank(b) || a.moduleId.localeCompare(b.moduleId),
    );
  }
}
