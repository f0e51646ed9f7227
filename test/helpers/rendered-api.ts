import path from 'node:path';
import { publishedMethods } from '../../src/core/datasets/published.ts';
import { renderApiFiles } from '../../src/core/render/api-files.ts';
import { parseSiteUrl, renderContext } from '../../src/core/site/address.ts';
import { loadSiteData } from '../../src/load/data-fs.ts';
import { DATASETS } from '../../src/load/dataset-registry.ts';
import { EPOCH, ROOT } from './build.ts';

/**
 * The API files of some methods exactly as the build renders them from data/ (the bodies it
 * writes, without writing them): path inside dist/ → body. The built files themselves are
 * walked, with their schemas, by directory-walk.test.ts.
 */
export function renderedApiFiles(methodIds: readonly number[]): Map<string, string> {
  const site = loadSiteData(path.join(ROOT, 'data'), ROOT);
  const render = renderContext(parseSiteUrl('http://localhost:3000'), EPOCH);
  const methods = publishedMethods(site, DATASETS, render).filter((m) => methodIds.includes(m.entry.methodId));
  return new Map(renderApiFiles(methods, render).map((f) => [f.path, f.body]));
}
