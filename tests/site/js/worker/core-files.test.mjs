import assert from "node:assert/strict";
import { test } from "node:test";
import { MissingFileError, missingCoreFiles, missingCoreFilesReport } from "../../../../site/js/worker/core-files.js";

const FILES = ["pyodide.mjs", "pyodide.asm.wasm", "pyodide-lock.json"];
const INDEX = "https://course.example/pyodide/";

/** A fetch that answers each file as `answers` says: a status, [status, type], or "fail". */
function fakeFetch(answers) {
  const asked = [];
  const fetchFile = async (url, options) => {
    asked.push([url, options.method]);
    const answer = answers[url.slice(INDEX.length)] ?? 200;
    if (answer === "fail") throw new TypeError("Failed to fetch");
    const [status, type] = Array.isArray(answer)
      ? answer
      : [answer, url.endsWith(".wasm") ? "application/wasm" : url.endsWith(".mjs") ? "text/javascript" : "text/plain"];
    return new Response(null, { status, headers: type ? { "Content-Type": type } : {} });
  };
  return { fetchFile, asked };
}

test("all there, with the right wasm type: no report, each file asked for with HEAD", async () => {
  const { fetchFile, asked } = fakeFetch({ "pyodide.asm.wasm": [200, "application/wasm; charset=binary"] });
  assert.equal(await missingCoreFilesReport(INDEX, FILES, fetchFile), null);
  assert.deepEqual(
    asked,
    FILES.map((name) => [INDEX + name, "HEAD"]),
  );
});

test("names each missing file with its status, or no answer", async () => {
  const { fetchFile } = fakeFetch({ "pyodide.mjs": 404, "pyodide-lock.json": "fail" });
  assert.equal(
    await missingCoreFilesReport(INDEX, FILES, fetchFile),
    "the site is missing pyodide.mjs (404), pyodide-lock.json (no answer)",
  );
});

test("a wasm file of another type is no problem (the worker hands it on as wasm)", async () => {
  const { fetchFile } = fakeFetch({ "pyodide.asm.wasm": [200, "application/octet-stream"] });
  assert.equal(await missingCoreFilesReport(INDEX, FILES, fetchFile), null);
});

test("a module sent with a type that is not JavaScript's is named with the type it came with", async () => {
  const { fetchFile } = fakeFetch({ "pyodide.mjs": [200, "application/octet-stream"] });
  assert.equal(
    await missingCoreFilesReport(INDEX, FILES, fetchFile),
    'the site is missing a correct pyodide.mjs: it is served as "application/octet-stream", and browsers load a module only when it is sent as JavaScript ("text/javascript")',
  );
  const untyped = fakeFetch({ "pyodide.mjs": [200, null] });
  assert.match(await missingCoreFilesReport(INDEX, FILES, untyped.fetchFile), /served as "no type"/);
  const legacy = fakeFetch({ "pyodide.mjs": [200, "application/x-javascript; charset=utf-8"] });
  assert.equal(await missingCoreFilesReport(INDEX, FILES, legacy.fetchFile), null);
});

test("missingCoreFiles rejects with the report, and never settles when all is well", async () => {
  const { fetchFile } = fakeFetch({ "pyodide.mjs": 404 });
  await assert.rejects(
    missingCoreFiles(INDEX, FILES, 0, fetchFile),
    (error) => error instanceof MissingFileError && error.message === "the site is missing pyodide.mjs (404)",
  );
  const whole = fakeFetch({});
  const settled = await Promise.race([
    missingCoreFiles(INDEX, FILES, 0, whole.fetchFile).then(() => "settled"),
    new Promise((resolve) => setTimeout(resolve, 50, "pending")),
  ]);
  assert.equal(settled, "pending");
  assert.equal(whole.asked.length, FILES.length, "it did ask");
});
