// Telling a text file from one that is not, by its first bytes (after gzip is unpacked), before
// anything is parsed: a file of random bytes would otherwise be read as lines of garbage.

/** How many of a file's first bytes are looked at. */
export const SNIFF_BYTES = 1 << 16;

// The control bytes a text file may hold: tab, line feed, vertical tab, form feed, carriage
// return and escape (which some terminals' logs keep). Any other C0 control, or DEL, is no text.
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1b]);
const isControl = (byte) => (byte < 0x20 && !TEXT_CONTROLS.has(byte)) || byte === 0x7f;

/**
 * What a file's first bytes say about it.
 * @param {Uint8Array} bytes  the file's first bytes (up to SNIFF_BYTES; a character may be cut at the end)
 * @returns {{encoding: "utf-8"|"latin1"}|{notText: string}}  the encoding to read it in, or why
 *   it is not a text file (words to follow "it holds", "it is")
 *
 * UTF-8 is read as UTF-8. Text that is not UTF-8 but holds no control byte is read as Latin-1
 * (windows-1252), as trec_eval reads any bytes: its ids stay apart, and plain ASCII ids read the
 * same either way. A NUL byte, or a control byte in what is not UTF-8, means it is not text.
 */
export function textKind(bytes) {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return { notText: "it is saved as UTF-16: save it as UTF-8" };
  if (bytes.includes(0)) return { notText: "it holds NUL bytes" };
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
    return { encoding: "utf-8" };
  } catch {
    if (bytes.some(isControl)) return { notText: "it holds bytes that are neither UTF-8 nor Latin-1 text" };
    return { encoding: "latin1" };
  }
}
