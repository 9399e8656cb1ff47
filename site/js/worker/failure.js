/** What the page's status line says about a failure: one line. A Python error's message is its
 *  whole traceback (e.g. from a damaged wheel or zip): its last line says what broke. Longer
 *  than 300 characters: cut, with "…". */
export function failureReason(error) {
  const message = String(error?.message || error);
  const lines = message
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const reason = message.includes("Traceback (most recent call last)") ? lines.at(-1) : lines.join(" ");
  return reason.length > 300 ? `${reason.slice(0, 300)}…` : reason;
}

/** Whether `error` is a trap of WebAssembly code (where the engine has WebAssembly at all):
 *  Python itself failed, not the file it was reading. */
export function isTrap(error) {
  return typeof WebAssembly === "object" && error instanceof WebAssembly.RuntimeError;
}
