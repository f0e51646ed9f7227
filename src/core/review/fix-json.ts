import { visit } from 'jsonc-parser';
import { LineIndex } from '../read/text-position.ts';
import type { FixResult } from './fix.ts';

/**
 * Repairs what is safe to repair in a JSON file's bytes: in every string value (never a
 * member's name), spaces around the text are removed and runs of spaces inside it become one.
 * Each repaired value is written back as JSON.stringify writes it; nothing else in the file
 * moves. A file that is not UTF-8 or not well-formed JSON is left for the check to report.
 */
export function fixJson(bytes: Uint8Array): FixResult {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { text: undefined, changes: [] };
  }
  const repairs: { offset: number; length: number; value: string; before: string }[] = [];
  let broken = false;
  visit(
    text,
    {
      onLiteralValue(value: unknown, offset: number, length: number) {
        if (typeof value !== 'string') return;
        const tidy = value.trim().replace(/ {2,}/g, ' ');
        if (tidy !== value) repairs.push({ offset, length, value: tidy, before: value });
      },
      onError: () => {
        broken = true;
      },
    },
    { disallowComments: true, allowTrailingComma: false },
  );
  if (broken || repairs.length === 0) return { text: undefined, changes: [] };
  const index = new LineIndex(text);
  const changes = repairs.map((r) => {
    const at = index.position(r.offset);
    const shown = r.before.length > 30 ? `${r.before.slice(0, 27)}...` : r.before;
    return `${at.line}:${at.column}: spaces removed in "${shown}"`;
  });
  for (const r of [...repairs].reverse())
    text = text.slice(0, r.offset) + JSON.stringify(r.value) + text.slice(r.offset + r.length);
  return { text, changes };
}
