// Pyodide's loader can wait forever when a core file is missing: the worker then asks for each
// file and fails with a reason the page can show.

// The types under which browsers run a module script: the HTML standard's JavaScript MIME type
// essence matches.
const JAVASCRIPT_TYPES = new Set([
  ...["application/ecmascript", "application/javascript", "application/x-ecmascript", "application/x-javascript"],
  ...[
    "text/ecmascript",
    "text/javascript",
    "text/jscript",
    "text/livescript",
    "text/x-ecmascript",
    "text/x-javascript",
  ],
  ...["1.0", "1.1", "1.2", "1.3", "1.4", "1.5"].map((version) => `text/javascript${version}`),
]);

/** A core file that is missing or unusable: the boot stops, and says so (never a fallback). */
export class MissingFileError extends Error {}

/** "the site is missing …" naming each of `files` (names under `indexURL`) that does not answer
 *  200 to HEAD, or a sentence on a JavaScript module sent with a type that is not JavaScript's
 *  (the browser then refuses to load it); null when all is well. A .wasm file's type does not
 *  matter (wasm-type.js). `fetchFile` is fetch. */
export async function missingCoreFilesReport(indexURL, files, fetchFile = fetch) {
  const answers = await Promise.all(
    files.map((name) =>
      fetchFile(indexURL + name, { method: "HEAD" }).then(
        (response) => [name, response.status, response.headers.get("Content-Type") ?? ""],
        () => [name, "no answer", ""],
      ),
    ),
  );
  const missing = answers.filter(([, status]) => status !== 200);
  if (missing.length) return `the site is missing ${missing.map(([name, status]) => `${name} (${status})`).join(", ")}`;
  const wrongType = answers.find(
    ([name, , type]) => name.endsWith(".mjs") && !JAVASCRIPT_TYPES.has(type.split(";")[0].trim().toLowerCase()),
  );
  if (wrongType) {
    return `the site is missing a correct ${wrongType[0]}: it is served as "${wrongType[2] || "no type"}", and browsers load a module only when it is sent as JavaScript ("text/javascript")`;
  }
  return null;
}

/** After `delayMs`, rejects with a MissingFileError if one of `files` is missing; otherwise
 *  never settles (for Promise.race). Not at once: more requests would queue beside the real
 *  downloads on a slow link. */
export async function missingCoreFiles(indexURL, files, delayMs, fetchFile = fetch) {
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  const report = await missingCoreFilesReport(indexURL, files, fetchFile);
  if (report) throw new MissingFileError(report);
  return new Promise(() => {});
}
