// The Python worker's entry (bundled as assets/worker.js): boots Pyodide and hands each cell to
// the `cellruntime` package, which does the real work in Python. Its parts are beside it:
// boot.js (boot), snapshot.js and snapshot-pages.js (the memory snapshot), stdlib.js (the
// standard library swap), wheels.js, core-files.js (a missing core file), messages.js (run,
// check and the page's other messages), interpreter.js and .py (what runs inside Python).
import { createState } from "./state.js";
import { bootOnce, handleMessage, settingsInURL } from "./messages.js";

const state = createState((message) => self.postMessage(message));

// A message from the page this worker cannot read: the boot's (the page then says Python could
// not start, and offers Retry) or a later one, whose run would otherwise wait forever.
self.onmessageerror = () =>
  state.post({ type: "failed", reason: "the Python worker could not read a message from the page" });
self.onmessage = ({ data }) => handleMessage(state, data);

// Boot settings in this script's URL fragment: boot now, not when the page's message arrives.
const settings = settingsInURL(self.location.hash);
if (settings) bootOnce(state, settings);
