import Papa from 'papaparse';
import { fieldNames, type RecordValue } from '../records/record-spec.ts';
import type { DownloadTable } from './download-tables.ts';

/** A value in a CSV cell: text as it is, a number or boolean as in JSON, a list or record as JSON, null empty. */
function csvCell(value: RecordValue | undefined): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A table as CSV (RFC 4180, CRLF): a header of its field names, then one row per record. */
export function tableCsv(table: DownloadTable): string {
  const fields = fieldNames(table.table.record);
  const rows = table.rows.map((r) => fields.map((f) => csvCell(r[f])));
  return `${Papa.unparse({ fields, data: rows }, { newline: '\r\n' })}\r\n`;
}

/** A table as one JSON array of its records, one record a line. */
export function tableJson(table: DownloadTable): string {
  if (table.rows.length === 0) return '[]\n';
  return `[\n${table.rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`;
}

/** A table as newline-delimited JSON: one record a line. */
export function tableNdjson(table: DownloadTable): string {
  return table.rows.map((r) => `${JSON.stringify(r)}\n`).join('');
}
