import path from 'node:path';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';
import { HEAVY_SECONDS, RUN_ORDER } from './heavy-files.ts';

/** A suite's path below test/, as HEAVY_SECONDS names it. */
function below(spec: TestSpecification): string {
  return path.relative(path.join(spec.project.config.root, 'test'), spec.moduleId).split(path.sep).join('/');
}

/** A suite's layer's place in RUN_ORDER. */
function layerRank(spec: TestSpecification): number {
  return RUN_ORDER.indexOf(below(spec).split('/')[0] as (typeof RUN_ORDER)[number]);
}

/**
 * Orders the whole run so that both workers stay busy to its end: layer by layer in RUN_ORDER (a worker is reused
 * for the next suite only within a layer, so the layers stay together), and in each the heavy suites longest first,
 * then the rest by name. vitest's own order, projects by name and the largest file first in each (a fresh clone has
 * no cache of durations), started the longest suites late and left one running alone at a layer's end.
 */
export class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (s: TestSpecification) => HEAVY_SECONDS.get(below(s)) ?? 0;
    return [...files].sort(
      (a, b) => layerRank(a) - layerRank(b) || seconds(b) - seconds(a) || a.moduleId.localeCompare(b.moduleId),
    );
  }
}
