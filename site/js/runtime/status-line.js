// The line that says whether Python is loading, ready or failed (data-runtime-status), shared
// by the lesson pages and the embedded cells.
import { textButton } from "../shared/button.js";

/**
 * Show Python's `state` and `text` in the status line `element`; a failed start ("error") gets
 * a Retry button that calls `onRetry`.
 * @param {HTMLElement} element
 * @param {string} state  "loading", "ready", "error", ... (the data-runtime-status values)
 * @param {string} text
 * @param {() => void} onRetry
 */
export function showRuntimeStatus(element, state, text, onRetry) {
  element.dataset.runtimeStatus = state;
  element.textContent = text;
  if (state === "error")
    element.append(
      " ",
      textButton("Retry", () => onRetry()),
    );
}
