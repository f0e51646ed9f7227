import type { RecordSpec } from './record-spec.ts';

/**
 * A business that takes the WatCard (method 1289): the reference's vendor_id and vendor_name,
 * then the details the community data set adds (position, address, telephone, logo), published
 * after them as extra fields.
 */
export const watcardVendorRecord = {
  name: 'watcardVendor',
  title: 'WatCard vendor',
  fields: [
    { name: 'vendor_id', type: 'integer', nullable: false, description: 'Vendor number, e.g. 12' },
    {
      name: 'vendor_name',
      type: 'string',
      nullable: true,
      description: 'Business name; null where the data set does not name the vendor',
    },
    {
      name: 'latitude',
      type: 'number',
      nullable: true,
      description: 'Latitude in decimal degrees (beyond the original record)',
    },
    {
      name: 'longitude',
      type: 'number',
      nullable: true,
      description: 'Longitude in decimal degrees (beyond the original record)',
    },
    { name: 'address', type: 'string', nullable: true, description: 'Street address (beyond the original record)' },
    {
      name: 'phone_number',
      type: 'string',
      nullable: true,
      description: 'Telephone, 519-nnn-nnnn, an extension after " x" (beyond the original record)',
    },
    {
      name: 'logo',
      type: 'string',
      nullable: true,
      description: "URL of the vendor's logo image; null where it is not known (beyond the original record)",
    },
  ],
} as const satisfies RecordSpec;
