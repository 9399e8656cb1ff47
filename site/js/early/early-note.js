// Shows a lesson page's (or the playground's or evaluate page's) capability note (capability-note.js) as the page is parsed: this
// classic script stands right after the runtime status line, so the note is in place before
// anything below it is laid out, and moves nothing.
import { pageReductions, showNote } from "../runtime/capability-note.js";

(() => {
  if (location.protocol === "file:") return; // no Python there at all: file-notice.js says so
  const status = document.querySelector("[data-runtime-status]");
  if (status) showNote(status, pageReductions(status));
})();
