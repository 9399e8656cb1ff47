// gzip files on the evaluate page: the worker unpacks them with DecompressionStream; where the
// browser has none, the page says so before anything is read, and what to do instead.
import { canGunzip } from "../runtime/capabilities.js";

const GZIP_MAGIC = [0x1f, 0x8b]; // a gzip member's first two bytes (RFC 1952, section 2.3.1)
const SMALLEST_GZIP = 18; // a member's 10-byte header and 8-byte trailer (RFC 1952, section 2.3)

/** Whether `file` is gzip: its name ends in .gz, or its first bytes are gzip's magic number.
 *  @param {Blob & {name: string}} file
 *  @returns {Promise<boolean>} */
export async function isGzip(file) {
  if (/\.gz$/i.test(file.name)) return true;
  const bytes = new Uint8Array(await file.slice(0, GZIP_MAGIC.length).arrayBuffer());
  return GZIP_MAGIC.every((byte, i) => bytes[i] === byte);
}

/**
 * Why these files cannot be read in this browser (gzip without DecompressionStream), or null.
 * @param {Array<Blob & {name: string}>} files  the judgments and the runs
 * @param {() => boolean} [gunzips]  whether this browser can unpack gzip (capabilities.js)
 * @returns {Promise<string|null>} one sentence for the page, naming the files
 */
export async function unreadableGzip(files, gunzips = canGunzip) {
  if (gunzips()) return null;
  const packed = [];
  for (const file of files) if (await isGzip(file)) packed.push(file.name);
  if (!packed.length) return null;
  const names = packed.join(", ");
  return (
    `${names} ${packed.length === 1 ? "is" : "are"} gzip-compressed, and this browser cannot read gzip ` +
    `(it has no DecompressionStream). Unpack ${packed.length === 1 ? "it" : "them"} first ` +
    `(gunzip ${packed.map((name) => name.replace(/\s/g, "\\$&")).join(" ")}, or your file manager's ` +
    `Extract) and choose the unpacked ${packed.length === 1 ? "file" : "files"}.`
  );
}

/**
 * The size (bytes) a gzip file says it unpacks to: its trailer's ISIZE (RFC 1952, section 2.3.1:
 * the last member's unpacked size modulo 2^32, little-endian), or null when the file is not gzip
 * or too short to have a trailer.
 * @param {Blob & {name: string}} file
 * @returns {Promise<number|null>}
 */
export async function unpackedSize(file) {
  if (file.size < SMALLEST_GZIP || !(await isGzip(file))) return null;
  return new DataView(await file.slice(file.size - 4).arrayBuffer()).getUint32(0, true);
}
