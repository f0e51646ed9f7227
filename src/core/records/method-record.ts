import type { RecordSpec } from './record-spec.ts';

/** The data set of the method listing and the services: the directory publishes itself. */
export const DIRECTORY_SOURCE = 'methods';

/** The method ID of the method listing (specification 4.1). */
export const METHOD_LISTING_ID = 1103;

/** The method record of the method listing (specification 2.2). */
export const methodRecord = {
  name: 'method',
  title: 'Method',
  fields: [
    { name: 'method_id', type: 'integer', nullable: true, description: 'API-assigned method ID' },
    {
      name: 'method_url',
      type: 'string',
      nullable: true,
      description: 'Full endpoint URL of the method, with path placeholders such as {format} left in braces',
    },
    { name: 'service_id', type: 'integer', nullable: true, description: "ID of the method's parent service" },
    { name: 'service_name', type: 'string', nullable: true, description: "Name of the method's parent service" },
    {
      name: 'parameters',
      type: 'string-list',
      nullable: true,
      description: 'Names of the parameters the method accepts; path placeholders are listed by name, in path order',
    },
    {
      name: 'data_set',
      type: 'string',
      nullable: true,
      description:
        'The data set that feeds the method, as the data portal (/data/) names it; null when none does (this ' +
        "service's addition to the specification)",
    },
    {
      name: 'data_source',
      type: 'object',
      nullable: true,
      description:
        "Where the data set's data comes from, as the data portal shows it; null for a set kept in this repository " +
        "or derived by the build (this service's addition)",
      fields: [
        { name: 'repository', type: 'string', nullable: false, description: 'The community repository, owner/name' },
        { name: 'path', type: 'string', nullable: false, description: 'The file or folder in it' },
        { name: 'url', type: 'string', nullable: false, description: 'A link to that file or folder' },
      ],
    },
  ],
} as const satisfies RecordSpec;
