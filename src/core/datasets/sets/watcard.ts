import type { Findings, Place } from '../../read/findings.ts';
import { type JsonMember, type JsonNode, parseJsonFile } from '../../read/json-tree.ts';
import { fieldNames, type RecordValue } from '../../records/record-spec.ts';
import { watcardVendorRecord } from '../../records/watcard-record.ts';
import type { Dataset, ReadRecord } from '../dataset.ts';

const FILE = 'watcardvendors.json';
const MEMBERS = fieldNames(watcardVendorRecord);
/** The reference's record of a vendor (method 1289): its number and its name. */
const REFERENCE = ['vendor_id', 'vendor_name'];
/** The members that say something about a vendor beyond the reference's record. */
const DETAILS = ['latitude', 'longitude', 'address', 'phone_number', 'logo'];
/** A vendor's number: up to nine digits (a longer one is no vendor number, and a very long one is no finite number). */
const VENDOR_NUMBER = /^[1-9]\d{0,8}$/;
const PHONE = /^\d{3}-\d{3}-\d{4}(?: x\d{1,6})?$/;
const RANGE: Record<string, number> = { latitude: 90, longitude: 180 };

/** A vendor as read: its record, and where each of its members' values stands. */
interface Vendor {
  record: ReadRecord;
  places: Readonly<Record<string, Place>>;
}

/** Where the character at `index` of a string value stands (the value's place is its opening quote). */
function charAt(node: JsonNode & { kind: 'string' }, index: number): Place {
  return { ...node.at, column: node.at.column + JSON.stringify(node.value.slice(0, index)).length - 1 };
}

/** Warns about spaces around a text or two spaces in a row inside it. */
function checkSpaces(name: string, node: JsonNode & { kind: 'string' }, findings: Findings): void {
  const m = /^ +| {2,}| +$/.exec(node.value);
  if (!m) return;
  const which =
    m.index === 0
      ? 'leading spaces'
      : m.index + m[0].length === node.value.length
        ? 'trailing spaces'
        : 'two spaces in a row';
  findings.warning(
    charAt(node, m.index),
    'whitespace',
    `${name} "${node.value}" has ${which}; they are published as written. ` +
      'Remove them (`npm run check -- --fix` does).',
  );
}

/** The value of one member, checked against its field: text, a number in range, or null. */
function memberValue(name: string, node: JsonNode, findings: Findings): RecordValue {
  const wrong = (what: string) => {
    findings.error(
      node.at,
      'type',
      `${name} should be ${what} or null, not ${node.kind === 'string' ? `"${node.value}"` : `a ${node.kind}`}.`,
    );
    return null;
  };
  if (node.kind === 'null') return null;
  const limit = RANGE[name];
  if (limit !== undefined) {
    if (node.kind !== 'number') return wrong('a number of decimal degrees');
    if (Math.abs(node.value) > limit || !Number.isFinite(node.value)) {
      const message =
        `${name} ${node.text} is not between -${limit} and ${limit} degrees. ` +
        'Give the position in decimal degrees, e.g. 43.4723, -80.5449.';
      findings.error(node.at, 'position', message);
      return null;
    }
    return node.value;
  }
  if (node.kind !== 'string') return wrong('text');
  // Every member is optional, and null says "not known": an empty text says the same, the same way for each.
  if (node.value.trim() === '') {
    findings.warning(node.at, 'empty', `${name} is empty: write null where it is not known. It is published as null.`);
    return null;
  }
  checkSpaces(name, node, findings);
  if (name === 'phone_number' && !PHONE.test(node.value))
    findings.warning(
      node.at,
      'phone',
      `phone_number "${node.value}" is not written 519-888-4567 (an extension after " x", e.g. 519-888-4567 x33801).`,
    );
  if (name === 'logo' && !/^https?:$/.test(URL.canParse(node.value) ? new URL(node.value).protocol : '')) {
    findings.error(
      node.at,
      'logo',
      `logo "${node.value}" is not an http(s) URL. Give the address of the image, https://…, or null.`,
    );
  }
  return node.value;
}

/** Whether a member holds something: a value that is neither null nor empty text. */
const holds = (member: JsonMember | undefined) =>
  member !== undefined &&
  member.value.kind !== 'null' &&
  !(member.value.kind === 'string' && !member.value.value.trim());

/**
 * Warns about a placeholder, an entry holding nothing but its number (upstream removed vendors this way, and some
 * versions wrote every detail null): it says nothing about a vendor, so it is not published. True when it is one.
 */
function isPlaceholder(key: string, keyAt: Place, given: ReadonlyMap<string, JsonMember>, findings: Findings) {
  if (['vendor_name', ...DETAILS].some((name) => holds(given.get(name)))) return false;
  findings.warning(
    keyAt,
    'stub',
    `vendor "${key}" holds nothing but its number (no name, position, address, telephone or logo): ` +
      `a placeholder (upstream removed vendors this way), so it is not published. ` +
      `Remove the entry, or give the vendor's name or details.`,
  );
  return true;
}

/**
 * Reports members no vendor has, and warns when the reference's record (vendor_id and vendor_name) is not whole: the
 * details beyond it (position, address, telephone, logo) may be left out, and are published as null.
 */
function checkMembers(key: string, value: JsonNode & { kind: 'object' }, findings: Findings): void {
  for (const m of value.members)
    if (!MEMBERS.includes(m.key))
      findings.error(
        m.keyAt,
        'unknown-member',
        `"${m.key}" is not a member of a vendor. The members are ${MEMBERS.join(', ')}.`,
      );
  const missing = REFERENCE.filter((n) => !value.members.some((m) => m.key === n));
  if (missing.length > 0) {
    findings.warning(
      value.at,
      'members',
      `vendor "${key}" lacks ${missing.join(', ')}: the reference's record is vendor_id and vendor_name ` +
        `(null where the name is not known), so readers of the file find them in every vendor.`,
    );
  }
}

/** Reports a vendor_id that is not the number its member is named for. */
function checkVendorId(key: string, id: JsonNode | undefined, findings: Findings): void {
  if (!id || (id.kind === 'number' && id.text === key)) return;
  findings.error(
    id.at,
    'vendor-id',
    `vendor_id ${id.kind === 'number' ? id.text : id.kind === 'string' ? `"${id.value}"` : id.kind} is not the ` +
      `vendor's number ${key}, which names its member. Write ${key}.`,
  );
}

/** Reads one member of the file, a vendor: its number, its members, its record (none for a placeholder). */
function readVendor({ key, keyAt, value }: JsonMember, findings: Findings): Vendor | undefined {
  if (!VENDOR_NUMBER.test(key)) {
    findings.error(
      keyAt,
      'vendor-number',
      `"${key}" is not a vendor number: each member of the file is named for its vendor's number, e.g. "12".`,
    );
    return undefined;
  }
  if (value.kind !== 'object') {
    findings.error(value.at, 'shape', `vendor "${key}" should be an object of its members (${MEMBERS.join(', ')}).`);
    return undefined;
  }
  const given = new Map(value.members.map((m) => [m.key, m]));
  if (isPlaceholder(key, keyAt, given, findings)) return undefined;
  checkMembers(key, value, findings);
  checkVendorId(key, given.get('vendor_id')?.value, findings);
  const values: Record<string, RecordValue> = { vendor_id: Number(key) };
  for (const name of MEMBERS.slice(1)) {
    const node = given.get(name)?.value;
    values[name] = node ? memberValue(name, node, findings) : null;
  }
  const places = Object.fromEntries(value.members.map((m) => [m.key, m.value.at]));
  return { record: { values, at: keyAt, fileKey: 'watcardvendors' }, places };
}

/** Warns at the first vendor out of numeric order (the file lists vendors by number). */
function checkOrder(members: readonly JsonMember[], findings: Findings): void {
  const numbered = members.filter((m) => VENDOR_NUMBER.test(m.key));
  const sorted = [...numbered].sort((a, b) => Number(a.key) - Number(b.key));
  const i = numbered.findIndex((m, k) => m !== sorted[k]);
  const [out, due] = [numbered[i], sorted[i]];
  if (out && due) {
    findings.warning(
      out.keyAt,
      'order',
      `vendor "${out.key}" is out of order: vendors are listed by number, ` +
        `and "${due.key}" (line ${due.keyAt.line}) comes here. Sort the vendors by number.`,
    );
  }
}

/** The words of a name that tell businesses apart (lower case, three letters or more). */
const words = (name: RecordValue | undefined) =>
  new Set(
    String(name ?? '')
      .toLowerCase()
      .match(/[a-z]{3,}/g) ?? [],
  );

/**
 * A value two vendors should not share unless `alike` says they may: what it is (`copied-<what>`) and
 * the member it stands at.
 */
interface Copy {
  what: 'logo' | 'position';
  at: string;
  value(v: ReadRecord['values']): string | undefined;
  alike(a: ReadRecord['values'], b: ReadRecord['values']): boolean;
}

const COPIES: readonly Copy[] = [
  // Branches of one business share its logo: their names have a word in common.
  {
    what: 'logo',
    at: 'logo',
    value: (v) => (typeof v.logo === 'string' ? v.logo : undefined),
    alike: (a, b) => [...words(a.vendor_name)].some((w) => words(b.vendor_name).has(w)),
  },
  // Vendors at one address may share a point; elsewhere the same point is a copied value.
  {
    what: 'position',
    at: 'latitude',
    value: (v) => (typeof v.latitude === 'number' ? `${v.latitude},${v.longitude}` : undefined),
    alike: (a, b) => a.address === b.address,
  },
];

/** Warns about a logo or a position another vendor above has too, where the two should differ. */
function checkCopies(vendors: readonly Vendor[], findings: Findings): void {
  for (const { what, at, value, alike } of COPIES) {
    const first = new Map<string, Vendor>();
    for (const vendor of vendors) {
      const v = value(vendor.record.values);
      const before = v === undefined ? undefined : first.get(v);
      if (v !== undefined && !before) first.set(v, vendor);
      if (!before || alike(before.record.values, vendor.record.values)) continue;
      // Both hold the value, so both have the member it stands at.
      const [was, here] = [before.places[at], vendor.places[at]];
      if (!was || !here) continue;
      const { vendor_id: id, vendor_name: name } = before.record.values;
      const message =
        `the ${what} is that of vendor ${id}${name ? ` (${name})` : ''} at line ` +
        `${was.line}: a copied value? Give this vendor's own ${what}, or null.`;
      findings.warning(here, `copied-${what}`, message);
    }
  }
}

/** The businesses that take the WatCard, one JSON file (`data/watcard/watcardvendors.json`) feeding method 1289. */
export const dataset: Dataset = {
  name: 'watcard',
  title: 'WatCard vendors: number, name, position, address, telephone, logo (uWaterloo/Datasets Watcard)',
  source: {
    repository: 'uWaterloo/Datasets',
    path: 'Watcard/watcardvendors.json',
    url: 'https://github.com/uWaterloo/Datasets/blob/9259aca/Watcard/watcardvendors.json',
  },
  tables: [
    {
      name: 'vendors',
      record: watcardVendorRecord,
      key: ['vendor_id'],
      shown: ['vendor_id', 'vendor_name', 'address'],
    },
  ],
  read(files, findings) {
    const vendors: Vendor[] = [];
    for (const source of files) {
      if (source.rel !== FILE) {
        findings.error(
          { file: source.file, line: 1, column: 1 },
          'unknown-file',
          `this file belongs to no table of the data set "watcard": its one file is ${FILE}. Rename or remove it.`,
        );
        continue;
      }
      const tree = parseJsonFile(source.bytes, source.file, findings);
      if (!tree) continue;
      if (tree.kind !== 'object') {
        findings.error(
          tree.at,
          'shape',
          'the file should hold one object whose members are the vendors, named for their numbers: {"10": ' +
            '{…}, "11": {…}}.',
        );
        continue;
      }
      checkOrder(tree.members, findings);
      for (const member of tree.members) {
        const vendor = readVendor(member, findings);
        if (vendor) vendors.push(vendor);
      }
    }
    checkCopies(vendors, findings);
    return { vendors: vendors.map((v) => v.record) };
  },
  feeds: {
    1289: { record: watcardVendorRecord, data: 'array', records: ({ tables }) => tables.vendors ?? [] },
  },
};
