// Reading the shipped snapshot: a gzip of the memory image without its pages of zeros (the
// layout: py/lessonbuild/snapshot.py pack_pages). Little-endian uint32s: magic, page size,
// length of the whole snapshot, number of runs; each run of kept pages as (first page, number of
// pages); then the kept pages' bytes, run after run.
import { snapshotPages } from "../shared/build-constants.js";

const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * Read a snapshot's body (a ReadableStream) to the end, gunzipping it as it arrives (unless a
 * host already did), and tell `onProgress(received, firstByteAt)` the gzip bytes so far (it may
 * abort `signal`, which cancels the download). Never throws; returns one of
 *   {bytes: Uint8Array, reason: null}  the whole memory image;
 *   {bytes: null, reason, damaged?: true}  why not (`damaged`: the file itself is bad).
 */
export async function readSnapshot(body, onProgress, signal = null) {
  const source = body.getReader();
  signal?.addEventListener("abort", () => source.cancel(signal.reason).catch(() => {}));
  let networkError = null;
  const read = () =>
    source.read().catch((error) => {
      networkError = error;
      throw error;
    });
  let received = 0;
  let firstByteAt = null;
  const counted = (chunk) => {
    firstByteAt ??= performance.now();
    received += chunk.length;
    onProgress?.(received, firstByteAt);
    return chunk;
  };
  const stopped = () => ({ bytes: null, reason: `snapshot not used: ${signal.reason?.message ?? "download stopped"}` });
  try {
    const first = await read();
    if (signal?.aborted) return stopped();
    if (first.done) return { bytes: null, reason: "snapshot is empty", damaged: true };
    const gzipped = first.value[0] === GZIP_MAGIC[0] && first.value[1] === GZIP_MAGIC[1];
    const arriving = new ReadableStream({
      start: (controller) => controller.enqueue(counted(first.value)),
      pull: async (controller) => {
        const { done, value } = await read();
        if (done) controller.close();
        else controller.enqueue(counted(value));
      },
      cancel: (reason) => source.cancel(reason),
    });
    const bytes = await unpackPages(gzipped ? arriving.pipeThrough(new DecompressionStream("gzip")) : arriving);
    return signal?.aborted ? stopped() : { bytes, reason: null }; // a stopped stream may just end
  } catch (error) {
    if (signal?.aborted) return stopped();
    const message = error.message || String(error);
    if (networkError) return { bytes: null, reason: `snapshot not used: ${message}` };
    return { bytes: null, reason: `snapshot is damaged: ${message}`, damaged: true };
  }
}

/** The whole snapshot (a Uint8Array) from a stream of its packed form (Uint8Array chunks), each
 *  chunk written straight into place. Throws when the stream is not in that layout or ends
 *  early. */
export async function unpackPages(stream) {
  const { magic, headerBytes, runBytes } = snapshotPages;
  const reader = stream.getReader();
  let head = new Uint8Array(0); // bytes read before the header was whole
  const readAtLeast = async (length) => {
    while (head.length < length) {
      const { done, value } = await reader.read();
      if (done) throw new Error("it ends inside its header");
      const joined = new Uint8Array(head.length + value.length);
      joined.set(head);
      joined.set(value, head.length);
      head = joined;
    }
    return new DataView(head.buffer, head.byteOffset, head.byteLength);
  };
  let view = await readAtLeast(headerBytes);
  if (String.fromCharCode(...head.subarray(0, 4)) !== magic) throw new Error("it is not a packed snapshot");
  const [pageSize, length, runCount] = [4, 8, 12].map((at) => view.getUint32(at, true));
  if (!pageSize || runCount > length / pageSize + 1) throw new Error("its header is wrong");
  view = await readAtLeast(headerBytes + runCount * runBytes);
  const ranges = []; // [start, end) in bytes of the snapshot
  for (let index = 0; index < runCount; index++) {
    const at = headerBytes + index * runBytes;
    const start = view.getUint32(at, true) * pageSize;
    const end = Math.min(length, start + view.getUint32(at + 4, true) * pageSize);
    if (!(start < end) || start < (ranges.at(-1)?.[1] ?? 0)) throw new Error("its list of pages is wrong");
    ranges.push([start, end]);
  }
  const image = new Uint8Array(length);
  let run = 0;
  let at = ranges[0]?.[0];
  const write = (chunk) => {
    while (chunk.length) {
      if (run === ranges.length) throw new Error("it has bytes past its last page");
      const count = Math.min(chunk.length, ranges[run][1] - at);
      image.set(chunk.subarray(0, count), at);
      at += count;
      chunk = chunk.subarray(count);
      if (at === ranges[run][1]) at = ranges[++run]?.[0];
    }
  };
  write(head.subarray(headerBytes + runCount * runBytes));
  head = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    write(value);
  }
  if (run !== ranges.length) throw new Error("it ends early");
  return image;
}
