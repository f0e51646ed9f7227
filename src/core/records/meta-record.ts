import type { RecordSpec } from './record-spec.ts';

/** The meta object of the envelope (specification 2.1), described like a record. */
export const metaRecord = {
  name: 'meta',
  title: 'Meta',
  fields: [
    {
      name: 'requests',
      type: 'integer',
      nullable: false,
      description: 'Request counter; always 0 in a pre-rendered file, which cannot count requests',
    },
    {
      name: 'timestamp',
      type: 'integer',
      nullable: false,
      description: 'Unix time in seconds: when the data was built',
    },
    { name: 'status', type: 'integer', nullable: false, description: 'HTTP-style status code; 200 on success' },
    { name: 'message', type: 'string', nullable: false, description: 'Status text; on success "Request successful"' },
    {
      name: 'method_id',
      type: 'integer',
      nullable: true,
      description: 'ID of the method that answered (null on an error no method answered)',
    },
    { name: 'version', type: 'number', nullable: false, description: 'API version number (decimal)' },
    {
      name: 'method',
      type: 'object',
      fields: [],
      nullable: false,
      description: 'Empty object, as in the original service',
    },
  ],
} as const satisfies RecordSpec;
