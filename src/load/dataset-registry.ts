import { readdirSync } from 'node:fs';
import type { Dataset, DatasetRegistry } from '../core/datasets/dataset.ts';

/** Where the data sets' readers live: one module per data set, named for it, exporting `dataset`. */
const SETS = new URL('../core/datasets/sets/', import.meta.url);

/**
 * Finds every data set by its reader: each `src/core/datasets/sets/<name>.ts` exports
 * `dataset`, whose name is its file's. Adding a data set adds its reader there (and its folder
 * in data/ and its record description); nothing registers it.
 */
async function discoverDatasets(): Promise<DatasetRegistry> {
  const registry: Record<string, Dataset> = {};
  for (const file of readdirSync(SETS).filter((f) => f.endsWith('.ts')).sort()) {
    // The readers are found at run time, not bundled by name: Vite (astro dev) is told so.
    const module = (await import(/* @vite-ignore */ new URL(file, SETS).href)) as { dataset?: Dataset };
    const set = module.dataset;
    if (!set || typeof set.read !== 'function') throw new Error(`src/core/datasets/sets/${file} must export a data set as \`dataset\` (see src/core/datasets/dataset.ts).`);
    if (`${set.name}.ts` !== file) throw new Error(`src/core/datasets/sets/${file} exports the data set "${set.name}": name the file ${set.name}.ts.`);
    registry[set.name] = set;
  }
  return registry;
}

/** Every data set the build knows, by name, found once per process. */
export const DATASETS: DatasetRegistry = await discoverDatasets();
