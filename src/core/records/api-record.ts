import type { RecordSpec } from './record-spec.ts';

/** A released version of this API (method 1109). */
export const versionRecord = {
  name: 'version',
  title: 'API version',
  fields: [
    {
      name: 'version',
      type: 'number',
      nullable: true,
      description: 'Version number, as meta.version carries it, e.g. 2.1',
    },
    { name: 'release_date', type: 'string', nullable: true, description: 'Release day, YYYY-MM-DD' },
  ],
} as const satisfies RecordSpec;

/** The changes published on one day (method 1117). */
export const changelogRecord = {
  name: 'change',
  title: 'Changes of a day',
  fields: [
    { name: 'date', type: 'string', nullable: true, description: 'Day the changes went out, YYYY-MM-DD' },
    { name: 'changes', type: 'string-list', nullable: true, description: 'One text per change' },
  ],
} as const satisfies RecordSpec;
