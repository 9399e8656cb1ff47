// site/js/worker/wasm-type.js: a .wasm file sent with another type is handed on as wasm when it
// is WebAssembly, and reported when it is not; every other answer passes through unchanged.
import assert from "node:assert/strict";
import { test } from "node:test";
import { MissingFileError } from "../../../../site/js/worker/core-files.js";
import { fetchWasmOfAnyType, fetchingWasmOfAnyType } from "../../../../site/js/worker/wasm-type.js";

const WASM = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]); // the smallest module
const URL_ = "https://lms.example/course/pyodide/pyodide.asm.wasm";

/** A body that comes in the given chunks (as a network answer may split even the first bytes). */
function chunked(...chunks) {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

/** A fetch that answers every address with `body` and `type`; remembers what it was asked. */
function serving(body, type, status = 200) {
  const asked = [];
  const fetchFile = async (input, init) => {
    asked.push([input, init]);
    return new Response(body, { status, headers: type ? { "Content-Type": type, "X-Kept": "yes" } : {} });
  };
  return { fetchFile, asked };
}

test("WebAssembly sent as octet-stream or with no type comes out typed application/wasm, bytes whole", async () => {
  for (const type of ["application/octet-stream", null]) {
    const told = [];
    const { fetchFile, asked } = serving(chunked(WASM.subarray(0, 2), WASM.subarray(2)), type);
    const response = await fetchingWasmOfAnyType(fetchFile, (error) => told.push(error))(URL_, {
      credentials: "same-origin",
    });
    assert.equal(response.headers.get("Content-Type"), "application/wasm");
    assert.deepEqual(new Uint8Array(await response.arrayBuffer()), WASM);
    assert.deepEqual(asked, [[URL_, { credentials: "same-origin" }]]);
    assert.deepEqual(told, []);
    if (type) assert.equal(response.headers.get("X-Kept"), "yes");
  }
  // It compiles, as the browser's streaming compile would from the answer.
  const { fetchFile } = serving(WASM, "binary/octet-stream");
  const response = await fetchingWasmOfAnyType(fetchFile, () => {})(new Request(URL_));
  assert.ok((await WebAssembly.compile(await response.arrayBuffer())) instanceof WebAssembly.Module);
});

test("a .wasm address answered with something else (an error page with status 200) is reported", async () => {
  const told = [];
  const page = new TextEncoder().encode("<!doctype html><title>Not found</title>");
  const { fetchFile } = serving(page, "text/html; charset=utf-8");
  const response = await fetchingWasmOfAnyType(fetchFile, (error) => told.push(error))(URL_);
  assert.equal(told.length, 1);
  assert.ok(told[0] instanceof MissingFileError);
  assert.equal(
    told[0].message,
    'the site is missing a correct pyodide.asm.wasm: what it sends (as "text/html") is not WebAssembly',
  );
  assert.equal(response.headers.get("Content-Type"), "text/html; charset=utf-8"); // handed on as it came
  assert.deepEqual(new Uint8Array(await response.arrayBuffer()), page);
  const empty = serving(new Uint8Array(0), "application/octet-stream");
  await fetchingWasmOfAnyType(empty.fetchFile, (error) => told.push(error))(URL_);
  assert.equal(told.length, 2);
});

test("other answers are the wrapped fetch's own: right type, other files, errors", async () => {
  const cases = [
    [URL_, serving(WASM, "application/wasm")],
    ["https://lms.example/course/pyodide/pyodide.mjs", serving("export {}", "application/octet-stream")],
    [URL_, serving("gone", "text/plain", 404)],
  ];
  for (const [url, { fetchFile }] of cases) {
    const told = [];
    const original = await fetchFile(url);
    const wrapped = fetchingWasmOfAnyType(
      async () => original,
      (error) => told.push(error),
    );
    assert.equal(await wrapped(url), original);
    assert.deepEqual(told, []);
  }
});

test("the worker's fetch is wrapped once; a later boot's listener is the one told", async () => {
  const page = new TextEncoder().encode("<html>");
  const scope = { fetch: serving(page, "text/html").fetchFile };
  const first = [];
  const second = [];
  fetchWasmOfAnyType((error) => first.push(error), scope);
  const wrapped = scope.fetch;
  fetchWasmOfAnyType((error) => second.push(error), scope);
  assert.equal(scope.fetch, wrapped);
  await scope.fetch(URL_);
  assert.deepEqual([first.length, second.length], [0, 1]);
});
