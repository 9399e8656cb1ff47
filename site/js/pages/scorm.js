// A lesson inside a SCORM package (build.py --scorm adds this script to its pages only): tell
// the learning management system (LMS) the learner is in the lesson, and that the lesson is
// completed once every quiz on the page has been answered.
// The LMS's API object is in a parent window: `API` for SCORM 1.2 (RTE book, section 3.3),
// `API_1484_11` for SCORM 2004 4th Edition (RTE book, section 3.1). Data model elements:
// cmi.core.lesson_status (1.2), cmi.completion_status (2004).

const MOST_PARENTS = 7; // frames to climb: more than any LMS nests

const VERSIONS = {
  1.2: {
    start: "LMSInitialize",
    get: "LMSGetValue",
    set: "LMSSetValue",
    commit: "LMSCommit",
    finish: "LMSFinish",
    status: "cmi.core.lesson_status",
  },
  2004: {
    start: "Initialize",
    get: "GetValue",
    set: "SetValue",
    commit: "Commit",
    finish: "Terminate",
    status: "cmi.completion_status",
  },
};

/** The LMS's API in `start` or the nearest of its parents (then its opener's), or null. */
function findApi(start) {
  for (const first of [start, start.opener]) {
    let win = first;
    for (let depth = 0; win && depth <= MOST_PARENTS; depth += 1) {
      try {
        if (win.API_1484_11) return { api: win.API_1484_11, calls: VERSIONS[2004] };
        if (win.API) return { api: win.API, calls: VERSIONS["1.2"] };
      } catch {
        // a window of another origin: look further up
      }
      if (win.parent === win) break;
      win = win.parent;
    }
  }
  return null;
}

function quizzesAnswered() {
  const verdicts = [...document.querySelectorAll("form[data-quiz] [data-verdict]")];
  return verdicts.length > 0 && verdicts.every((verdict) => verdict.dataset.verdict !== "");
}

function connect() {
  const found = findApi(window);
  if (!found) return;
  const { api, calls } = found;
  if (String(api[calls.start]("")) !== "true") return;
  let status = String(api[calls.get](calls.status));
  const report = (value) => {
    status = value;
    api[calls.set](calls.status, value);
    api[calls.commit]("");
  };
  if (status !== "completed" && status !== "passed") report("incomplete");
  const check = () => {
    if (status !== "completed" && quizzesAnswered()) report("completed");
  };
  new MutationObserver(check).observe(document.body, {
    subtree: true,
    attributes: true,
    attributeFilter: ["data-verdict"],
  });
  check(); // a saved answer shown again on load
  window.addEventListener("pagehide", () => api[calls.finish](""), { once: true });
}

connect();
