/**
 * Serialises data for an inline <script> (JSON-LD): `<`, `>`, `&`, U+2028 and U+2029 become
 * \u escapes, so no string in the data can close the tag or break the script.
 */
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function serializeInlineJson(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => ESCAPES[c]);
}
