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
 * Every data set the build knows, listed here and nowhere else: adding a data set adds its
 * reader (`sets/<name>.ts`, exporting `dataset` named as its file) and its line below.
 */
const LIST: readonly Dataset[] = [api, buildings, courses, examSchedule, infosessions, methods, quest, server, watcard];

/** Every data set the build knows, by name. */
export const DATASETS: DatasetRegistry = Object.fromEntries(LIST.map((set) => [set.name, set]));
