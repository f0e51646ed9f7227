import type { Dataset, DatasetRegistry } from './dataset.ts';
import { dataset as api } from './sets/api.ts';
import { dataset as buildings } from './sets/buildings.ts';
import { dataset as courses } from './sets/courses.ts';
import { dataset as examSchedule } from './sets/exam-schedule.ts';
import { dataset as infosessions } from './sets/infosessions.ts';
import { dataset as methods } from './sets/methods.ts';
import { dataset as quest } from './sets/quest.ts';
import { dataset as server } from './sets/server.ts';
import { dataset as watcard } from './sets/watcard.ts';

/**
 * Every data set the build knows, listed here and nowhere else, one a line: adding a data set
 * adds its reader (`sets/<name>.ts`, exporting `dataset` named as its file), its import above and
 * its line below, before the comment (which keeps `npm run format` from joining the lines).
 */
const LIST: readonly Dataset[] = [
  api,
  buildings,
  courses,
  examSchedule,
  infosessions,
  methods,
  quest,
  server,
  watcard,
  // one data set a line, each above this comment
];

/** Every data set the build knows, by name. */
export const DATASETS: DatasetRegistry = Object.fromEntries(LIST.map((set) => [set.name, set]));
