import { type Node, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import { FORBIDDEN_CHARS, forbiddenCharMessage } from './characters.ts';
import { decodeUtf8 } from './decode.ts';
import type { Findings, Place } from './findings.ts';
import { LineIndex } from './text-position.ts';

/** A JSON value with where it stands: an object's members keep their order and their key's place. */
export type JsonNode =
  | { kind: 'string'; value: string; at: Place }
  | { kind: 'number'; value: number; text: string; at: Place }
  | { kind: 'boolean'; value: boolean; at: Place }
  | { kind: 'null'; value: null; at: Place }
  | { kind: 'array'; items: JsonNode[]; at: Place }
  | { kind: 'object'; members: JsonMember[]; at: Place };

/** One member of a JSON object: its key, where the key stands, and its value. */
export interface JsonMember {
  key: string;
  keyAt: Place;
  value: JsonNode;
}

/** How a parse error reads for a contributor. */
function explain(error: ParseError): string {
  const what = printParseErrorCode(error.error);
  return (
    `the JSON is not well-formed here (${what}). Check the commas, quotes and brackets around this place; ` +
    `comments and trailing commas are not allowed.`
  );
}

/**
 * How deep arrays and objects may nest: the data sets' files nest three levels; a parser's
 * stack holds about a thousand.
 */
export const MAX_JSON_DEPTH = 100;

/** The offset of the first `[` or `{` nested deeper than MAX_JSON_DEPTH (outside strings), if any. */
function tooDeep(text: string): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      if (++depth > MAX_JSON_DEPTH) return i;
    } else if (c === ']' || c === '}') depth -= 1;
  }
  return undefined;
}

/** The offset in the text of the character at `index` of a string's value (escapes take their written length). */
function rawOffset(text: string, node: Node, index: number): number {
  let i = node.offset + 1;
  for (let k = 0; k < index; k++) i += text[i] !== '\\' ? 1 : text[i + 1] === 'u' ? 6 : 2;
  return i;
}

/** Reports a character no published file may hold, written as itself or as an escape, where it is written. */
function checkCharacters(
  node: Node,
  what: string,
  text: string,
  place: (offset: number) => Place,
  findings: Findings,
): void {
  const value = String(node.value);
  const bad = FORBIDDEN_CHARS.exec(value);
  if (!bad) return;
  findings.error(place(rawOffset(text, node, bad.index)), 'control-character', forbiddenCharMessage(what, bad[0]));
}

/** Turns jsonc-parser's tree into JsonNodes with line and column, reporting repeated keys and forbidden characters. */
function convert(
  node: Node,
  text: string,
  place: (offset: number) => Place,
  findings: Findings,
  name = 'the value',
): JsonNode {
  const at = place(node.offset);
  switch (node.type) {
    case 'object': {
      const members: JsonMember[] = [];
      const seen = new Map<string, Place>();
      for (const property of node.children ?? []) {
        const [keyNode, valueNode] = property.children ?? [];
        if (!keyNode || !valueNode) continue;
        const key = String(keyNode.value);
        const keyAt = place(keyNode.offset);
        checkCharacters(keyNode, 'the member name', text, place, findings);
        const before = seen.get(key);
        if (before)
          findings.error(
            keyAt,
            'duplicate-member',
            `the member "${key}" is already given at line ${before.line}; a reader would keep only one of them. ` +
              `Remove or rename one.`,
          );
        else seen.set(key, keyAt);
        members.push({ key, keyAt, value: convert(valueNode, text, place, findings, key) });
      }
      return { kind: 'object', members, at };
    }
    case 'array':
      return { kind: 'array', items: (node.children ?? []).map((c) => convert(c, text, place, findings, name)), at };
    case 'string':
      checkCharacters(node, name, text, place, findings);
      return { kind: 'string', value: String(node.value), at };
    case 'number':
      return {
        kind: 'number',
        value: Number(node.value),
        text: text.slice(node.offset, node.offset + node.length),
        at,
      };
    case 'boolean':
      return { kind: 'boolean', value: Boolean(node.value), at };
    default:
      return { kind: 'null', value: null, at };
  }
}

/**
 * Decodes a JSON file as UTF-8 and parses it strictly (no comments, no trailing commas), with the
 * line and column of every value; every problem goes to `findings`. Undefined when it cannot be read.
 */
export function parseJsonFile(bytes: Uint8Array, file: string, findings: Findings): JsonNode | undefined {
  const text = decodeUtf8(bytes, file, findings);
  const index = new LineIndex(text);
  const place = (offset: number): Place => ({ file, ...index.position(offset) });
  const deep = tooDeep(text);
  if (deep !== undefined) {
    const message =
      `arrays and objects are nested more than ${MAX_JSON_DEPTH} levels deep here; ` +
      "the data sets' files nest a few. Check the brackets.";
    findings.error(place(deep), 'json-depth', message);
    return undefined;
  }
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  // The first error only: what follows a syntax error is usually its echo.
  if (errors[0]) findings.error(place(errors[0].offset), 'json-syntax', explain(errors[0]));
  if (errors.length > 0 || !tree) {
    if (!tree && errors.length === 0) findings.error(place(0), 'json-syntax', 'the file holds no JSON value.');
    return undefined;
  }
  return convert(tree, text, place, findings);
}

/** The plain JavaScript value of a node. */
export function plainJson(node: JsonNode): unknown {
  if (node.kind === 'array') return node.items.map(plainJson);
  if (node.kind === 'object') return Object.fromEntries(node.members.map((m) => [m.key, plainJson(m.value)]));
  return node.value;
}
