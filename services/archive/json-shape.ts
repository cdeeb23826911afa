import { ARCHIVE_MESSAGES, IMPORT_LIMITS } from '@dayframe/contracts';
import { HttpError } from '@dayframe/service-kit/http';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const WHITE_SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

export type JsonShape = {
  /** An upper bound: each comma, object and array counts one, and the root. */
  values: number;
  containers: number;
  depth: number;
  /** The most fields one object has. */
  fields: number;
  /** Different field-name prefixes of objects (the engine's hidden classes), up to a hash collision. */
  shapes: number;
};

/** FNV-1a of bytes, continuing from `hash`. */
function fnv(buffer: Buffer, start: number, end: number, hash: number): number {
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ buffer[i]!, 0x01000193);
  return hash >>> 0;
}

/**
 * 413 `import_too_complex` unless a JSON text (UTF-8 bytes) stays within what the parser may
 * build from it (`IMPORT_LIMITS`): at most `jsonValues` values, `jsonContainers` objects and
 * arrays, `jsonDepth` levels of nesting, `jsonFields` fields in one object, and `jsonShapes`
 * different shapes of object. A shape is a sequence of field names, counted by prefix: the
 * engine makes a hidden class for each new prefix it meets, which costs far more than a value,
 * so objects whose fields come in ever new orders would cost ten times their size (decision
 * 0040). Counted in one pass over the bytes, holding only the shapes' hashes, and stopped at the
 * first limit passed, so `JSON.parse` only ever sees a text whose result is bounded: once
 * started, it runs to the end whatever a worker's heap limit says. Syntax is not checked here
 * (the parser does that); a text that is not JSON is counted as far as it goes.
 */
export function checkJsonShape(bytes: Uint8Array, file: string): JsonShape {
  const limits = IMPORT_LIMITS;
  const tooComplex = () =>
    new HttpError(413, `${file}: ${ARCHIVE_MESSAGES.tooComplex}`, 'import_too_complex');
  // Every value but the first of its container follows a comma, so values <= commas +
  // containers + the root: counting commas and containers bounds the values from above.
  let commas = 0;
  let containers = 0;
  let depth = 0;
  let deepest = 0;
  let mostFields = 0;
  // Per open container: is it an object, its fields so far and the hash of their names.
  const isObject: boolean[] = [];
  const fields: number[] = [];
  const prefix: number[] = [];
  const shapes = new Set<number>();
  const shape = (): JsonShape => ({
    values: commas + containers + 1,
    containers,
    depth: deepest,
    fields: mostFields,
    shapes: shapes.size,
  });
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < buffer.length; i++) {
    const byte = buffer[i]!;
    if (byte === QUOTE) {
      // Skip the string: to the next quote not escaped by an odd run of backslashes. UTF-8
      // continuation bytes are all >= 0x80, so no character inside is taken for a quote.
      let end = i;
      for (;;) {
        end = buffer.indexOf(QUOTE, end + 1);
        if (end === -1) return shape();
        let slashes = 0;
        while (buffer[end - 1 - slashes] === BACKSLASH) slashes++;
        if (slashes % 2 === 0) break;
      }
      // A string followed by a colon is a field name of the innermost object.
      let next = end + 1;
      while (WHITE_SPACE.has(buffer[next]!)) next++;
      if (buffer[next] === COLON && isObject[depth - 1]) {
        const at = depth - 1;
        if (++fields[at]! > limits.jsonFields) throw tooComplex();
        if (fields[at]! > mostFields) mostFields = fields[at]!;
        // The shape so far: the parent prefix's hash, then this name's bytes and its length.
        prefix[at] = fnv(buffer, i + 1, end, Math.imul(prefix[at]! ^ (end - i), 0x01000193));
        shapes.add(prefix[at]! + fields[at]! * 0x100000000);
        if (shapes.size > limits.jsonShapes) throw tooComplex();
      }
      i = end;
    } else if (byte === COMMA) {
      if (++commas + containers + 1 > limits.jsonValues) throw tooComplex();
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (++containers > limits.jsonContainers) throw tooComplex();
      if (depth === limits.jsonDepth) throw tooComplex();
      isObject[depth] = byte === OPEN_BRACE;
      fields[depth] = 0;
      prefix[depth] = 0x811c9dc5;
      depth++;
      if (depth > deepest) deepest = depth;
    } else if ((byte === CLOSE_BRACE || byte === CLOSE_BRACKET) && depth > 0) {
      depth--;
    }
  }
  const measured = shape();
  if (measured.values > limits.jsonValues) throw tooComplex();
  return measured;
}
