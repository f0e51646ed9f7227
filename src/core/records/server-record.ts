import type { RecordSpec } from './record-spec.ts';

/** A service of method 1081, with its methods. */
export const serviceRecord = {
  name: 'service',
  title: 'Service',
  fields: [
    { name: 'service_id', type: 'integer', nullable: true, description: 'Service number' },
    { name: 'service_name', type: 'string', nullable: true, description: 'Service name, e.g. api' },
    { name: 'service_url', type: 'string', nullable: true, description: 'Base URL of the service' },
    {
      name: 'methods',
      type: 'record-list',
      nullable: true,
      description: "The service's methods",
      fields: [
        {
          name: 'method_id',
          type: 'string',
          nullable: true,
          description: 'Method number (a string, as the reference types it)',
        },
        {
          name: 'method_url',
          type: 'string',
          nullable: true,
          description: 'Path relative to service_url, e.g. /services.{format}',
        },
      ],
    },
  ],
} as const satisfies RecordSpec;

/** The server time of method 1087. */
export const serverTimeRecord = {
  name: 'serverTime',
  title: 'Server time',
  fields: [
    {
      name: 'timestamp',
      type: 'integer',
      nullable: true,
      description: 'Now, Unix seconds (in a static file: the build time)',
    },
    {
      name: 'datetime',
      type: 'string',
      nullable: true,
      description: 'The same instant, ISO 8601 in campus time (America/Toronto) with its UTC offset',
    },
    { name: 'timezone', type: 'string', nullable: true, description: 'Zone abbreviation, EST or EDT' },
    {
      name: 'key_reset_time',
      type: 'integer',
      nullable: true,
      description: 'Unix seconds of the next reset of monthly key usage: the start of the next campus month',
    },
  ],
} as const satisfies RecordSpec;

/** The key usage of method 1097. */
export const keyUsageRecord = {
  name: 'keyUsage',
  title: 'Key usage',
  fields: [
    {
      name: 'name',
      type: 'string',
      nullable: true,
      description: "Registered developer's name (null: keys are not registered with names here)",
    },
    { name: 'api_key', type: 'string', nullable: true, description: 'The key queried' },
    {
      name: 'monthly_calls',
      type: 'integer',
      nullable: true,
      description: 'Counted calls with this key in the current campus month, this one included',
    },
    {
      name: 'total_calls',
      type: 'integer',
      nullable: true,
      description: 'Counted calls with this key since the server started, this one included',
    },
  ],
} as const satisfies RecordSpec;
