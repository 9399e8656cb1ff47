// Browsers compile WebAssembly as it downloads only from an answer typed "application/wasm", and
// Pyodide's loader waits forever when that compile is refused. Some hosts (learning management
// systems among them) send a .wasm file as "application/octet-stream" or with no type: the
// worker's fetch hands such an answer on with the right type once its first bytes show it is
// WebAssembly. An answer that is not (a host's error page sent with status 200) is reported,
// so the boot can stop and say so.
import { MissingFileError } from "./core-files.js";

const WASM_TYPE = "application/wasm";
const MAGIC = [0x00, 0x61, 0x73, 0x6d]; // "\0asm", the start of every WebAssembly module

/**
 * A fetch that answers like `fetchFile`, except for a .wasm file sent with another type.
 * @param {typeof fetch} fetchFile  the fetch to wrap
 * @param {(error: MissingFileError) => void} notWasm  told when a .wasm file's bytes are not
 *   WebAssembly (the answer is then handed on as it came, and its compile fails)
 * @returns {typeof fetch}
 */
export function fetchingWasmOfAnyType(fetchFile, notWasm) {
  return async (input, init) => {
    const response = await fetchFile(input, init);
    const url = String(input?.url ?? input);
    const type = (response.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
    if (!response.ok || !response.body || type === WASM_TYPE || !isWasmAddress(url)) return response;
    const reader = response.body.getReader();
    const head = await readAtLeast(reader, MAGIC.length);
    const headers = new Headers(response.headers);
    if (isWasm(head)) {
      headers.set("Content-Type", WASM_TYPE);
    } else {
      const name = new URL(url, globalThis.location?.href).pathname.split("/").pop();
      notWasm(
        new MissingFileError(
          `the site is missing a correct ${name}: what it sends (as "${type || "no type"}") is not WebAssembly`,
        ),
      );
    }
    return new Response(rejoined(head, reader), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}

/** Make the worker's own fetch (the one Pyodide's loader calls) hand on .wasm files of any type;
 *  `notWasm` is told of one that is not WebAssembly. A second call only changes who is told. */
export function fetchWasmOfAnyType(notWasm, scope = globalThis) {
  if (!scope.fetch.tellsNotWasm) {
    const tell = { notWasm };
    const wrapped = fetchingWasmOfAnyType(scope.fetch.bind(scope), (error) => tell.notWasm(error));
    wrapped.tellsNotWasm = tell;
    scope.fetch = wrapped;
  }
  scope.fetch.tellsNotWasm.notWasm = notWasm;
}

function isWasmAddress(url) {
  return /\.wasm(?:[?#]|$)/.test(url);
}

/** The chunks read until they hold at least `length` bytes (fewer at the stream's end). */
async function readAtLeast(reader, length) {
  const chunks = [];
  let read = 0;
  while (read < length) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    read += value.byteLength;
  }
  return chunks;
}

function isWasm(chunks) {
  const first = new Uint8Array(MAGIC.length);
  let at = 0;
  for (const chunk of chunks) {
    const take = chunk.subarray(0, MAGIC.length - at);
    first.set(take, at);
    at += take.length;
    if (at === MAGIC.length) break;
  }
  return at === MAGIC.length && MAGIC.every((byte, index) => first[index] === byte);
}

/** A stream of the chunks already read, then the rest of `reader`'s. */
function rejoined(head, reader) {
  return new ReadableStream({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
