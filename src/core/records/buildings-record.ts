import type { FieldSpec, RecordSpec } from './record-spec.ts';

/** A part of a building (a wing, a house, an addition): a row of the data whose parent_code names the building. */
const buildingSectionFields = [
  {
    name: 'section_name',
    type: 'string',
    nullable: true,
    description:
      "Name of the part (the reference's field table says array; its sample, like this service, writes one string)",
  },
  { name: 'latitude', type: 'number', nullable: true, description: 'Latitude of the part, decimal degrees' },
  { name: 'longitude', type: 'number', nullable: true, description: 'Longitude of the part, decimal degrees' },
] as const satisfies readonly FieldSpec[];

/** A campus building of methods 1213 (the list) and 1217 (one building by its code). */
export const buildingRecord = {
  name: 'building',
  title: 'Building',
  fields: [
    {
      name: 'building_id',
      type: 'string',
      nullable: true,
      description: 'Building number; may contain letters, e.g. 20CC',
    },
    {
      name: 'building_code',
      type: 'string',
      nullable: true,
      description: 'Short code used on campus maps and in room names, e.g. MC',
    },
    { name: 'building_name', type: 'string', nullable: true, description: 'Official full name' },
    {
      name: 'alternate_names',
      type: 'string-list',
      nullable: true,
      description: 'Other names the building is known by',
    },
    {
      name: 'latitude',
      type: 'number',
      nullable: true,
      description: 'Latitude, decimal degrees; null when the data has no position',
    },
    {
      name: 'longitude',
      type: 'number',
      nullable: true,
      description: 'Longitude, decimal degrees; null when the data has no position',
    },
    {
      name: 'building_sections',
      type: 'record-list',
      nullable: true,
      description: 'Parts of the building, in the order the data lists them',
      fields: buildingSectionFields,
    },
  ],
} as const satisfies RecordSpec;

/** A building as the data set reads it: the published record and the code of the building it is a part of. */
export const buildingTableRecord = {
  name: 'buildingRow',
  title: 'Building',
  fields: [
    ...buildingRecord.fields,
    {
      name: 'parent_code',
      type: 'string',
      nullable: true,
      description:
        'Code of the building this one is a part of (e.g. V1 for a house of Student Village 1); ' +
        'null for a building of its own',
    },
  ],
} as const satisfies RecordSpec;
